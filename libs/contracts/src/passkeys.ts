import { z } from 'zod';
import { clientString } from './common';

/**
 * Passkeys (DESIGN.md §4e): WebAuthn credentials kept by the browser or phone, added in Security and used to sign
 * in without a password. The browser's responses are WebAuthn JSON (`@simplewebauthn/browser` makes them);
 * `@simplewebauthn/server` checks every field, so only the envelope is checked here.
 */

export const PASSKEY_NAME_MAX = 60;

const passkeyName = clientString('Give the passkey a name')
  .trim()
  .min(1, { message: 'Give the passkey a name' })
  .max(PASSKEY_NAME_MAX, { message: `A passkey's name is at most ${PASSKEY_NAME_MAX} characters` });

const shortText = clientString().max(32);
const base64url = clientString()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, { message: 'Not a passkey response' });

/** What a browser answers to `navigator.credentials.create()`, as JSON. */
const registrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(shortText).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: shortText.optional(),
});

/** What a browser answers to `navigator.credentials.get()`, as JSON. */
const authenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: shortText.optional(),
});

/** POST /api/account/passkeys: the new credential, and what to call it. */
export const addPasskeySchema = z
  .object({ response: registrationResponseSchema, name: passkeyName })
  .strict();
export type AddPasskeyPayload = z.input<typeof addPasskeySchema>;

/** PATCH /api/account/passkeys/{id}. */
export const renamePasskeySchema = z.object({ name: passkeyName }).strict();

/** POST /api/login/passkey: the signed challenge. */
export const loginPasskeySchema = z.object({ response: authenticationResponseSchema }).strict();
export type LoginPasskeyPayload = z.input<typeof loginPasskeySchema>;

/** One of the user's passkeys, as Security lists them. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
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
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** What POST /api/login/passkey/options answers: `navigator.credentials.get()` options, naming no account. */
export const passkeySignInOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
});
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsSchema>;
