import {
  recoveryCodesSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
  type RecoveryCodes,
  type TotpSetup,
  type TwoFactorStatus,
} from '@piste/contracts';
import { api } from './client';

/** GET /api/account/2fa: whether an authenticator app is required, and how many recovery codes are unused. */
export function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return api.get('/api/account/2fa', twoFactorStatusSchema);
}

/** POST /api/account/2fa/totp/setup: a new secret for the app; nothing changes until it is turned on. */
export function setupTotp(): Promise<TotpSetup> {
  return api.post('/api/account/2fa/totp/setup', undefined, totpSetupSchema);
}

/** POST /api/account/2fa/totp/enable: a code from the app turns it on; the recovery codes come this once. */
export function enableTotp(code: string): Promise<RecoveryCodes> {
  return api.post('/api/account/2fa/totp/enable', { code }, recoveryCodesSchema);
}

/** POST /api/account/2fa/totp/disable: with the password and a current code. */
export async function disableTotp(payload: { password: string; code: string }): Promise<void> {
  await api.post('/api/account/2fa/totp/disable', payload);
}

/** POST /api/account/2fa/recovery-codes: a new set of recovery codes; the old ones stop working. */
export function regenerateRecoveryCodes(password: string): Promise<RecoveryCodes> {
  return api.post('/api/account/2fa/recovery-codes', { password }, recoveryCodesSchema);
}
