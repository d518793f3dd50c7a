import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth';
import { INVALID_LINK_MESSAGE, WRONG_CURRENT_PASSWORD } from '../accounts';
import { LIMITS, MIN_PASSWORD_LENGTH } from '../constants';
import { LANGUAGES } from '../languages';
import { clientString } from './common';
import { english } from '../validation';

/** A new password: the registration's rule. */
export function newPasswordField() {
  return clientString(english('accounts.passwordRequired'))
    .min(MIN_PASSWORD_LENGTH, { message: english('accounts.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) })
    .max(LIMITS.password, { message: english('accounts.passwordTooLong', { max: LIMITS.password }) });
}

/** The token of a link from a mail: 43 URL-safe characters (256 random bits). */
export const linkTokenSchema = clientString(INVALID_LINK_MESSAGE)
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: INVALID_LINK_MESSAGE });

export const forgotPasswordSchema = z.object({
  login: clientString(english('accounts.loginRequired'))
    .trim()
    .min(1, { message: english('accounts.loginRequired') })
    .max(LIMITS.email, { message: english('accounts.loginRequired') }),
});
export type ForgotPasswordPayload = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordField() });
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;

/** The reset form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: english('accounts.passwordsDiffer'),
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordSchema = z.object({
  currentPassword: clientString(english('accounts.currentPasswordRequired'))
    .min(1, { message: english('accounts.currentPasswordRequired') })
    .max(LIMITS.password, { message: WRONG_CURRENT_PASSWORD }),
  newPassword: newPasswordField(),
});
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;

/** The settings form: the new password twice. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: english('accounts.passwordsDiffer'),
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const changeEmailSchema = z.object({
  password: clientString(english('accounts.enterPassword'))
    .min(1, { message: english('accounts.enterPassword') })
    .max(LIMITS.password, { message: WRONG_CURRENT_PASSWORD }),
  email: clientString(english('accounts.emailRequired'))
    .trim()
    .min(1, { message: english('accounts.emailRequired') })
    .max(LIMITS.email)
    .regex(EMAIL_PATTERN, { message: english('accounts.emailInvalid') }),
});
export type ChangeEmailPayload = z.infer<typeof changeEmailSchema>;

export const linkTokenPayloadSchema = z.object({ token: linkTokenSchema });
export type LinkTokenPayload = z.infer<typeof linkTokenPayloadSchema>;

export const sessionHandleSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, { message: english('accounts.sessionNotFound') });

/** `PUT /api/account/language`: one of Piste's languages, or null to follow the browser. */
export const setLanguageSchema = z.object({
  language: z
    .enum(LANGUAGES, { message: english('accounts.language', { languages: LANGUAGES.join(', ') }) })
    .nullable(),
});
export type SetLanguagePayload = z.infer<typeof setLanguageSchema>;
