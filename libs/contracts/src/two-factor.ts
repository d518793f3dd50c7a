import { z } from './zod';

/** Sign-in with a second factor (DESIGN.md §4e): TOTP from an authenticator app, or a single-use recovery code. */

export const RECOVERY_CODES_COUNT = 10;
export const TWO_FACTOR_METHODS = ['totp', 'recovery'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** POST /api/account/2fa/totp/setup: a new secret to add to an authenticator app, not in force until enabled. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** The recovery codes, shown this once (stored hashed). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

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
