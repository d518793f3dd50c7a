import {
  acceptedReplySchema,
  accountExportSchema,
  accountSchema,
  accountSessionsSchema,
  languageSettingSchema,
  type AcceptedReply,
  type Account,
  type AccountExport,
  type AccountSession,
  type ChangeEmailPayload,
  type ChangePasswordPayload,
  type DeleteAccountPayload,
  type ForgotPasswordPayload,
  type LanguageSetting,
  type ResetPasswordPayload,
  type SetLanguagePayload,
} from '@piste/contracts';
import * as z from 'zod/mini';
import { api } from './client';

/** POST /api/password/forgot: mails a reset link if an account matches; the reply is the same either way. */
export function requestPasswordReset(payload: ForgotPasswordPayload): Promise<AcceptedReply> {
  return api.post('/api/password/forgot', payload, acceptedReplySchema);
}

/** POST /api/password/reset: the link's token and the new password; every session of the account ends. */
export function resetPassword(payload: ResetPasswordPayload): Promise<AcceptedReply> {
  return api.post('/api/password/reset', payload, acceptedReplySchema);
}

/** POST /api/account/verify-email: the token of the link mailed at registration (works signed out). */
export function verifyEmail(token: string): Promise<AcceptedReply> {
  return api.post('/api/account/verify-email', { token }, acceptedReplySchema);
}

/** POST /api/account/email/confirm: the token of the link mailed to a new address makes the change. */
export function confirmEmailChange(token: string): Promise<AcceptedReply> {
  return api.post('/api/account/email/confirm', { token }, acceptedReplySchema);
}

/** POST /api/account/verify-email/resend: a fresh verification link to the signed-in user's address. */
export function resendVerification(): Promise<AcceptedReply> {
  return api.post('/api/account/verify-email/resend', undefined, acceptedReplySchema);
}

/** GET /api/account: username, email, whether it is verified, and an address waiting for confirmation. */
export function fetchAccount(): Promise<Account> {
  return api.get('/api/account', accountSchema);
}

/** POST /api/account/email: with the password, mails a confirmation link to the new address. */
export function changeEmail(payload: ChangeEmailPayload): Promise<AcceptedReply> {
  return api.post('/api/account/email', payload, acceptedReplySchema);
}

/** POST /api/account/password: every other session ends, and this one gets a new cookie. */
export function changePassword(payload: ChangePasswordPayload): Promise<AcceptedReply> {
  return api.post('/api/account/password', payload, acceptedReplySchema);
}

/** GET /api/account/sessions: every browser signed in to the account, this one marked `current`. */
export function fetchSessions(): Promise<AccountSession[]> {
  return api.get('/api/account/sessions', accountSessionsSchema);
}

/** DELETE /api/account/sessions/{id}: signs that browser out (not this one). */
export function endSession(id: string): Promise<AcceptedReply> {
  return api.delete(`/api/account/sessions/${encodeURIComponent(id)}`, acceptedReplySchema);
}

/** POST /api/account/sessions/revoke-others: signs out every browser but this one. */
export function endOtherSessions(): Promise<AcceptedReply> {
  return api.post('/api/account/sessions/revoke-others', undefined, acceptedReplySchema);
}

/** GET /api/account/export: the latest export of the account's data, or null when none was asked for. */
export async function fetchLatestExport(): Promise<AccountExport | null> {
  // "None" comes as an empty reply, not as a JSON null.
  return (await api.get('/api/account/export', z.nullish(accountExportSchema))) ?? null;
}

/** POST /api/account/export: a new export, pending; refused (429) while one is prepared or within a day of the last. */
export function requestExport(): Promise<AccountExport> {
  return api.post('/api/account/export', undefined, accountExportSchema);
}

/** POST /api/account/delete: with the password; every session of the account ends, this one included. */
export function deleteAccount(payload: DeleteAccountPayload): Promise<AcceptedReply> {
  return api.post('/api/account/delete', payload, acceptedReplySchema);
}

/** PUT /api/account/language: the language the account speaks on every device; null follows the browser. */
export function setLanguage(language: SetLanguagePayload['language']): Promise<LanguageSetting> {
  return api.put('/api/account/language', { language }, languageSettingSchema);
}
