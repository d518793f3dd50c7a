import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth';
import { INVALID_LINK_MESSAGE, WRONG_CURRENT_PASSWORD } from '../accounts';
import { LIMITS, MIN_PASSWORD_LENGTH } from '../constants';
import { LANGUAGES } from '../languages';
import { clientString } from './common';

/** A new password: the registration's rule. */
export function newPasswordField() {
  return clientString('Password is required')
    .min(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(LIMITS.password, { message: `Password must be at most ${LIMITS.password} characters` });
}

/** The token of a link from a mail: 43 URL-safe characters (256 random bits). */
export const linkTokenSchema = clientString(INVALID_LINK_MESSAGE)
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: INVALID_LINK_MESSAGE });

export const forgotPasswordSchema = z.object({
  login: clientString('Enter your username or email')
    .trim()
    .min(1, { message: 'Enter your username or email' })
    .max(LIMITS.email, { message: 'Enter your username or email' }),
});
export type ForgotPasswordPayload = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordField() });
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;

/** The reset form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordSchema = z.object({
  currentPassword: clientString('Enter your current password')
    .min(1, { message: 'Enter your current password' })
    .max(LIMITS.password, { message: WRONG_CURRENT_PASSWORD }),
  newPassword: newPasswordField(),
});
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;

/** The settings form: the new password twice. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const changeEmailSchema = z.object({
  password: clientString('Enter your password')
    .min(1, { message: 'Enter your password' })
    .max(LIMITS.password, { message: WRONG_CURRENT_PASSWORD }),
  email: clientString('Email required')
    .trim()
    .min(1, { message: 'Email required' })
    .max(LIMITS.email)
    .regex(EMAIL_PATTERN, { message: 'Please enter a valid email address' }),
});
export type ChangeEmailPayload = z.infer<typeof changeEmailSchema>;

export const linkTokenPayloadSchema = z.object({ token: linkTokenSchema });
export type LinkTokenPayload = z.infer<typeof linkTokenPayloadSchema>;

export const sessionHandleSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { message: 'Session not found' });

/** `PUT /api/account/language`: one of Piste's languages, or null to follow the browser. */
export const setLanguageSchema = z.object({
  language: z
    .enum(LANGUAGES, { message: `Language must be one of ${LANGUAGES.join(', ')}, or null` })
    .nullable(),
});
export type SetLanguagePayload = z.infer<typeof setLanguageSchema>;
