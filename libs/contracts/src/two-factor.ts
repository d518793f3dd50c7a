import { z } from 'zod';
import { clientString } from './common';

/** Sign-in with a second factor (DESIGN.md §4e): TOTP from an authenticator app, or a single-use recovery code. */

export const RECOVERY_CODES_COUNT = 10;
export const TWO_FACTOR_METHODS = ['totp', 'recovery'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

const totpCode = clientString('Enter the 6-digit code from your app')
  .trim()
  .regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your app' });

/** POST /api/account/2fa/totp/setup: a new secret to add to an authenticator app, not in force until enabled. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** POST /api/account/2fa/totp/enable: the app's current code proves it holds the secret. */
export const enableTotpSchema = z.object({ code: totpCode }).strict();
/** The recovery codes, shown this once (stored hashed). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/account/2fa/totp/disable. */
export const disableTotpSchema = z
  .object({
    password: clientString('Enter your password').min(1, { message: 'Enter your password' }),
    code: totpCode,
  })
  .strict();
/** POST /api/account/2fa/recovery-codes: a new set; the old codes stop working. */
export const regenerateRecoveryCodesSchema = z
  .object({ password: clientString('Enter your password').min(1, { message: 'Enter your password' }) })
  .strict();

/** GET /api/account/2fa. */
export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/login for an account with a second factor: no session user yet. */
export const twoFactorRequiredSchema = z.object({
  twoFactorRequired: z.literal(true),
  methods: z.array(z.enum(TWO_FACTOR_METHODS)),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/** POST /api/login/2fa: a code from the app, or one of the recovery codes. */
export const loginTwoFactorSchema = z.union(
  [
    z.object({ code: totpCode }).strict(),
    z
      .object({
        recoveryCode: clientString('Enter a recovery code')
          .trim()
          .min(1, { message: 'Enter a recovery code' })
          .max(40, { message: 'Enter a recovery code' }),
      })
      .strict(),
  ],
  { message: 'Enter the 6-digit code from your app, or a recovery code' },
);
export type LoginTwoFactorPayload = z.input<typeof loginTwoFactorSchema>;
