import {
  passkeyListSchema,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  passkeySignInOptionsSchema,
  sessionUserSchema,
  type AddPasskeyPayload,
  type LoginPasskeyPayload,
  type Passkey,
  type PasskeyRegistrationOptions,
  type PasskeySignInOptions,
  type SessionUser,
} from '@piste/contracts';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { api } from './client';

/** GET /api/account/passkeys: the signed-in user's passkeys, oldest first. */
export async function fetchPasskeys(): Promise<Passkey[]> {
  const { passkeys } = await api.get('/api/account/passkeys', passkeyListSchema);
  return passkeys;
}

/** POST /api/account/passkeys/options: a challenge for the browser to make a new passkey with (5 minutes, once). */
export function fetchRegistrationOptions(): Promise<PasskeyRegistrationOptions> {
  return api.post('/api/account/passkeys/options', undefined, passkeyRegistrationOptionsSchema);
}

/** POST /api/account/passkeys: the browser's new passkey, under `name`. */
export function addPasskey(
  payload: Omit<AddPasskeyPayload, 'response'> & { response: RegistrationResponseJSON },
): Promise<Passkey> {
  return api.post('/api/account/passkeys', payload, passkeySchema);
}

/** PATCH /api/account/passkeys/{id}. */
export function renamePasskey(id: string, name: string): Promise<Passkey> {
  return api.patch(`/api/account/passkeys/${encodeURIComponent(id)}`, { name }, passkeySchema);
}

/** DELETE /api/account/passkeys/{id}: it signs nobody in any more (the device may still hold it). */
export async function removePasskey(id: string): Promise<void> {
  await api.delete(`/api/account/passkeys/${encodeURIComponent(id)}`);
}

/** POST /api/login/passkey/options: a sign-in challenge naming no account; the browser offers what it holds. */
export function fetchSignInOptions(): Promise<PasskeySignInOptions> {
  return api.post('/api/login/passkey/options', undefined, passkeySignInOptionsSchema);
}

/** POST /api/login/passkey: the signed challenge signs its account in, both factors at once. */
export function loginWithPasskey(
  payload: Omit<LoginPasskeyPayload, 'response'> & { response: AuthenticationResponseJSON },
): Promise<SessionUser> {
  return api.post('/api/login/passkey', payload, sessionUserSchema);
}
