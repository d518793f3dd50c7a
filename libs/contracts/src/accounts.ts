import { LANGUAGES } from './languages';
import { z } from './zod';
import { said } from './validation-texts';

/** What every reply of POST /api/password/forgot says, whether or not an account matched. */
export const FORGOT_PASSWORD_REPLY = 'If an account matches, we have sent a link to reset the password.';
/** A link's token that is unknown, used or expired. */
export const INVALID_LINK_MESSAGE = said('accounts.invalidLink', 'This link is invalid or has expired.');
export const WRONG_CURRENT_PASSWORD = said('accounts.wrongCurrentPassword', 'Current password is incorrect');
/** The error code of a wrong current password, whatever the language of its text. */
export const WRONG_PASSWORD_CODE = 'accounts.wrong_password';

/** How long each link in a mail works. */
export const ACCOUNT_LINK_LIFETIME_SECONDS = {
  'password-reset': 60 * 60,
  'email-verification': 7 * 24 * 60 * 60,
  'email-change': 24 * 60 * 60,
} as const;
export type AccountLinkPurpose = keyof typeof ACCOUNT_LINK_LIFETIME_SECONDS;

/** The reply of a call that started something a mail will finish (202). */
export const acceptedReplySchema = z.object({ message: z.string() });
export type AcceptedReply = z.infer<typeof acceptedReplySchema>;

/** GET /api/account: what the settings show about the account itself. */
export const accountSchema = z.object({
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** An address waiting for its confirmation link to be followed, if any. */
  pendingEmail: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** One signed-in browser, as the Security tab lists it. `id` is a handle, never the cookie's session id. */
export const accountSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.nullable(z.string()),
  lastActiveAt: z.nullable(z.string()),
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
  /** The address it signed in from, its last part masked: `203.0.113.x`, `2001:db8:1:2::x`. */
  ip: z.nullable(z.string()),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.array(accountSessionSchema);

/** `PUT /api/account/language`'s reply: the language the account now speaks; null follows the browser. */
export const languageSettingSchema = z.object({ language: z.nullable(z.enum(LANGUAGES)) });
export type LanguageSetting = z.infer<typeof languageSettingSchema>;
