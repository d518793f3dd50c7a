import { z } from 'zod';
import { clientString } from './common';

const totpCode = clientString('Enter the 6-digit code from your app')
  .trim()
  .regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your app' });

/** POST /api/account/2fa/totp/enable: the app's current code proves it holds the secret. */
export const enableTotpSchema = z.object({ code: totpCode }).strict();
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
