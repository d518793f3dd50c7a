import { z } from 'zod';
import { clientString } from './common';
import { english } from '../validation';

const totpCode = clientString(english('twoFactor.code'))
  .trim()
  .regex(/^\d{6}$/, { message: english('twoFactor.code') });

/** POST /api/account/2fa/totp/enable: the app's current code proves it holds the secret. */
export const enableTotpSchema = z.object({ code: totpCode }).strict();
/** POST /api/account/2fa/totp/disable. */
export const disableTotpSchema = z
  .object({
    password: clientString(english('accounts.enterPassword')).min(1, {
      message: english('accounts.enterPassword'),
    }),
    code: totpCode,
  })
  .strict();
/** POST /api/account/2fa/recovery-codes: a new set; the old codes stop working. */
export const regenerateRecoveryCodesSchema = z
  .object({
    password: clientString(english('accounts.enterPassword')).min(1, {
      message: english('accounts.enterPassword'),
    }),
  })
  .strict();

/** POST /api/login/2fa: a code from the app, or one of the recovery codes. */
export const loginTwoFactorSchema = z.union(
  [
    z.object({ code: totpCode }).strict(),
    z
      .object({
        recoveryCode: clientString(english('twoFactor.recoveryCode'))
          .trim()
          .min(1, { message: english('twoFactor.recoveryCode') })
          .max(40, { message: english('twoFactor.recoveryCode') }),
      })
      .strict(),
  ],
  { message: english('twoFactor.codeOrRecoveryCode') },
);
export type LoginTwoFactorPayload = z.input<typeof loginTwoFactorSchema>;
