import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import {
  passkeyRegistrationOptionsSchema,
  passkeySignInOptionsSchema,
  renamePasskeySchema,
  PASSKEY_NAME_MAX,
} from './index';

describe('passkey contracts', () => {
  it('take the registration options the server makes, keeping every field for the browser', async () => {
    const options = await generateRegistrationOptions({
      rpName: 'Piste',
      rpID: 'localhost',
      userName: 'claire',
      userDisplayName: 'Claire Dubois',
      userID: new Uint8Array(16).fill(7),
      attestationType: 'none',
      excludeCredentials: [{ id: 'aB_-', transports: ['internal'] }],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(passkeyRegistrationOptionsSchema.parse(options)).toEqual(options);
  });

  it('take the sign-in options the server makes', async () => {
    const options = await generateAuthenticationOptions({ rpID: 'localhost', userVerification: 'required' });
    expect(passkeySignInOptionsSchema.parse(options)).toEqual(options);
  });

  it('refuse a reply that is not options', () => {
    expect(passkeyRegistrationOptionsSchema.safeParse({ message: 'Not found' }).success).toBe(false);
    expect(passkeySignInOptionsSchema.safeParse({ challenge: 42 }).success).toBe(false);
  });

  it('name a passkey with trimmed text of at most PASSKEY_NAME_MAX characters', () => {
    expect(renamePasskeySchema.parse({ name: '  Pixel 9 ' })).toEqual({ name: 'Pixel 9' });
    expect(renamePasskeySchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(
      'Give the passkey a name',
    );
    expect(
      renamePasskeySchema.safeParse({ name: 'x'.repeat(PASSKEY_NAME_MAX + 1) }).error?.issues[0]?.message,
    ).toBe(`A passkey's name is at most ${PASSKEY_NAME_MAX} characters`);
  });
});
