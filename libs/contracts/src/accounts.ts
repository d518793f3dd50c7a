import { z } from 'zod';
import { LIMITS, MIN_PASSWORD_LENGTH } from './constants';
import { clientString } from './common';
import { EMAIL_PATTERN } from './auth';

/** What every reply of POST /api/password/forgot says, whether or not an account matched. */
export const FORGOT_PASSWORD_REPLY = 'If an account matches, we have sent a link to reset the password.';
/** A link's token that is unknown, used or expired. */
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/** How long each link in a mail works. */
export const ACCOUNT_LINK_LIFETIME_SECONDS = {
  'password-reset': 60 * 60,
  'email-verification': 7 * 24 * 60 * 60,
  'email-change': 24 * 60 * 60,
} as const;
export type AccountLinkPurpose = keyof typeof ACCOUNT_LINK_LIFETIME_SECONDS;

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

/** The reply of a call that started something a mail will finish (202). */
export const acceptedReplySchema = z.object({ message: z.string() });
export type AcceptedReply = z.infer<typeof acceptedReplySchema>;

/** GET /api/account: what the settings show about the account itself. */
export const accountSchema = z.object({
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** An address waiting for its confirmation link to be followed, if any. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** One signed-in browser, as the Security tab lists it. `id` is a handle, never the cookie's session id. */
export const accountSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string().nullable(),
  lastActiveAt: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The address it signed in from, its last part masked: `203.0.113.x`, `2001:db8:1:2::x`. */
  ip: z.string().nullable(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.array(accountSessionSchema);

export const sessionHandleSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { message: 'Session not found' });
