import { z } from './zod';

/**
 * Passkeys (DESIGN.md §4e): WebAuthn credentials kept by the browser or phone, added in Security and used to sign
 * in without a password. The browser's responses are WebAuthn JSON (`@simplewebauthn/browser` makes them);
 * `@simplewebauthn/server` checks every field, so only the envelope is checked here.
 */

export const PASSKEY_NAME_MAX = 60;

/** One of the user's passkeys, as Security lists them. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** Synced between devices (a password manager, a phone's keychain), or bound to one authenticator. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/**
 * What POST /api/account/passkeys/options answers: `navigator.credentials.create()` options as WebAuthn JSON
 * (`@simplewebauthn/browser`'s `startRegistration` takes them). The browser checks every field; this checks that
 * the reply is such options at all.
 */
export const passkeyRegistrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.optional(z.string()), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** What POST /api/login/passkey/options answers: `navigator.credentials.get()` options, naming no account. */
export const passkeySignInOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.optional(z.string()),
});
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsSchema>;
