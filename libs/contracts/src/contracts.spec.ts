import {
  createBanSchema,
  createPostSchema,
  loginSchema,
  registerFormSchema,
  updateProfileSchema,
} from './index';

const firstMessage = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => (r.success ? undefined : r.error!.issues[0]);

describe('contracts', () => {
  const validRegistration = {
    username: 'ada_l',
    email: 'ada@example.com',
    name: 'Ada',
    password: 'secret1',
    confirmPassword: 'secret1',
    acceptTerms: true,
  };

  it('applies the login rules', () => {
    expect(firstMessage(loginSchema.safeParse({ username: ' ', password: 'x' }))?.message).toBe(
      'Username is required',
    );
    expect(firstMessage(loginSchema.safeParse({ username: 'a' }))?.message).toBe('Password is required');
  });

  it('applies the register rules, with the confirm-password error on confirmPassword', () => {
    const parsed = registerFormSchema.parse(validRegistration);
    expect(parsed).toMatchObject({ weaponSpecialty: 'epee', role: 'student', achievements: [] });
    const mismatch = firstMessage(
      registerFormSchema.safeParse({ ...validRegistration, confirmPassword: 'other1' }),
    );
    expect(mismatch).toMatchObject({ message: "Passwords don't match", path: ['confirmPassword'] });
    expect(
      firstMessage(
        registerFormSchema.safeParse({ ...validRegistration, password: '123', confirmPassword: '123' }),
      )?.message,
    ).toBe('Password must be at least 6 characters');
    expect(
      firstMessage(registerFormSchema.safeParse({ ...validRegistration, acceptTerms: false }))?.message,
    ).toBe('You must accept the terms and conditions');
  });

  it('keeps drill and achievement details to their own post types', () => {
    const base = { content: 'Lunges', weapon: 'foil' as const };
    expect(
      createPostSchema.safeParse({ ...base, type: 'drill', drillDetails: { duration: '10 min' } }).success,
    ).toBe(true);
    expect(
      firstMessage(
        createPostSchema.safeParse({ ...base, type: 'general', drillDetails: { duration: '10 min' } }),
      ),
    ).toMatchObject({ path: ['drillDetails'] });
    expect(
      firstMessage(
        createPostSchema.safeParse({ ...base, type: 'drill', achievementDetails: { place: '1st' } }),
      ),
    ).toMatchObject({ path: ['achievementDetails'] });
    expect(firstMessage(createPostSchema.safeParse({ ...base, content: '   ' }))?.message).toBe(
      'Please enter some content for your post.',
    );
  });

  it('trims profile fields and checks the email', () => {
    expect(
      updateProfileSchema.parse({ name: '  Ada ', email: ' ada@x.io ', weaponSpecialty: '' }),
    ).toMatchObject({
      name: 'Ada',
      email: 'ada@x.io',
      weaponSpecialty: null,
    });
    expect(firstMessage(updateProfileSchema.safeParse({ name: 'A', email: 'nope' }))?.message).toBe(
      'Please enter a valid email address',
    );
  });

  it('allows only the four ban durations', () => {
    const ban = { userId: '00000000-0000-4000-8000-000000000000', reason: 'spam' };
    for (const durationHours of [1, 24, 168, 720]) {
      expect(createBanSchema.safeParse({ ...ban, durationHours }).success).toBe(true);
    }
    expect(createBanSchema.safeParse({ ...ban, durationHours: 2 }).success).toBe(false);
  });
});
