import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth';
import { LIMITS, MIN_PASSWORD_LENGTH, ROLES, WEAPONS } from '../constants';
import { clientString, optionalText } from './common';
import { english } from '../validation';

export const loginSchema = z.object({
  username: clientString(english('accounts.usernameRequired'))
    .trim()
    .min(1, { message: english('accounts.usernameRequired') })
    .max(LIMITS.username, { message: english('accounts.wrongCredentials') }),
  password: clientString(english('accounts.passwordRequired'))
    .min(1, { message: english('accounts.passwordRequired') })
    .max(LIMITS.password, { message: english('accounts.wrongCredentials') }),
});
export type LoginPayload = z.infer<typeof loginSchema>;

function emailField(requiredMessage: string) {
  return clientString(requiredMessage)
    .trim()
    .min(1, { message: requiredMessage })
    .max(LIMITS.email)
    .regex(EMAIL_PATTERN, { message: english('accounts.emailInvalid') });
}

/** The spec's registration payload, as the server accepts it. */
export const registerPayloadSchema = z.object({
  username: clientString(english('accounts.usernameRequired'))
    .trim()
    .min(3, { message: english('accounts.usernameTooShort') })
    .max(LIMITS.username, { message: english('accounts.usernameTooLong', { max: LIMITS.username }) })
    .regex(/^[A-Za-z0-9_.-]+$/, {
      message: english('accounts.usernameCharacters'),
    }),
  email: emailField(english('accounts.emailRequired')),
  name: clientString(english('accounts.nameRequired'))
    .trim()
    .min(1, { message: english('accounts.nameRequired') })
    .max(LIMITS.name),
  weaponSpecialty: z.enum(WEAPONS, { message: english('weapons.choose') }).default('epee'),
  role: z.enum(ROLES, { message: english('accounts.unknownRole') }).default('student'),
  avatar: optionalText(1000),
  bio: optionalText(LIMITS.bio),
  title: optionalText(LIMITS.title),
  location: optionalText(LIMITS.location),
  achievements: z.array(clientString().trim().max(200)).max(50).default([]),
  password: clientString(english('accounts.passwordRequired'))
    .min(MIN_PASSWORD_LENGTH, { message: english('accounts.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) })
    .max(LIMITS.password),
});
export type RegisterPayload = z.input<typeof registerPayloadSchema>;

/** The register form: the payload plus confirmPassword and acceptTerms, which are removed before sending. */
export const registerFormSchema = registerPayloadSchema
  .extend({
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((v) => v, { message: english('accounts.acceptTerms') }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: english('accounts.passwordsDiffer'),
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

/** PUT /api/users/{id}: the editable profile fields. */
export const updateProfileSchema = z.object({
  name: clientString(english('accounts.enterName'))
    .trim()
    .min(1, { message: english('accounts.enterName') })
    .max(LIMITS.name),
  title: optionalText(LIMITS.title),
  email: emailField(english('accounts.enterEmail')),
  weaponSpecialty: z
    .union([z.enum(WEAPONS), z.literal('')], { message: english('weapons.choose') })
    .nullish()
    .transform((v) => (v ? v : null)),
  avatar: optionalText(1000),
});
export type UpdateProfilePayload = z.input<typeof updateProfileSchema>;
