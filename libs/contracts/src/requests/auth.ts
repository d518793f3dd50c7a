import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth';
import { LIMITS, MIN_PASSWORD_LENGTH, ROLES, WEAPONS } from '../constants';
import { clientString, optionalText } from './common';

export const loginSchema = z.object({
  username: clientString('Username is required')
    .trim()
    .min(1, { message: 'Username is required' })
    .max(LIMITS.username, { message: 'Invalid username or password' }),
  password: clientString('Password is required')
    .min(1, { message: 'Password is required' })
    .max(LIMITS.password, { message: 'Invalid username or password' }),
});
export type LoginPayload = z.infer<typeof loginSchema>;

function emailField(requiredMessage: string) {
  return clientString(requiredMessage)
    .trim()
    .min(1, { message: requiredMessage })
    .max(LIMITS.email)
    .regex(EMAIL_PATTERN, { message: 'Please enter a valid email address' });
}

/** The spec's registration payload, as the server accepts it. */
export const registerPayloadSchema = z.object({
  username: clientString('Username is required')
    .trim()
    .min(3, { message: 'Username must be at least 3 characters' })
    .max(LIMITS.username, { message: `Username must be at most ${LIMITS.username} characters` })
    .regex(/^[A-Za-z0-9_.-]+$/, {
      message: 'Username may only contain letters, numbers, dots, dashes and underscores',
    }),
  email: emailField('Email required'),
  name: clientString('Name is required').trim().min(1, { message: 'Name is required' }).max(LIMITS.name),
  weaponSpecialty: z.enum(WEAPONS, { message: 'Choose a weapon: epee, foil or sabre' }).default('epee'),
  role: z.enum(ROLES, { message: 'Unknown role' }).default('student'),
  avatar: optionalText(1000),
  bio: optionalText(LIMITS.bio),
  title: optionalText(LIMITS.title),
  location: optionalText(LIMITS.location),
  achievements: z.array(clientString().trim().max(200)).max(50).default([]),
  password: clientString('Password is required')
    .min(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(LIMITS.password),
});
export type RegisterPayload = z.input<typeof registerPayloadSchema>;

/** The register form: the payload plus confirmPassword and acceptTerms, which are removed before sending. */
export const registerFormSchema = registerPayloadSchema
  .extend({
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((v) => v, { message: 'You must accept the terms and conditions' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

/** PUT /api/users/{id}: the editable profile fields. */
export const updateProfileSchema = z.object({
  name: clientString('Please enter your name')
    .trim()
    .min(1, { message: 'Please enter your name' })
    .max(LIMITS.name),
  title: optionalText(LIMITS.title),
  email: emailField('Please enter your email address'),
  weaponSpecialty: z
    .union([z.enum(WEAPONS), z.literal('')], { message: 'Choose a weapon: epee, foil or sabre' })
    .nullish()
    .transform((v) => (v ? v : null)),
  avatar: optionalText(1000),
});
export type UpdateProfilePayload = z.input<typeof updateProfileSchema>;
