import { z } from 'zod';
import { PASSKEY_NAME_MAX } from '../passkeys';
import { clientString } from './common';
import { english } from '../validation';

const passkeyName = clientString(english('passkeys.nameRequired'))
  .trim()
  .min(1, { message: english('passkeys.nameRequired') })
  .max(PASSKEY_NAME_MAX, { message: english('passkeys.nameTooLong', { max: PASSKEY_NAME_MAX }) });

const shortText = clientString().max(32);
const base64url = clientString()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, { message: english('passkeys.response') });

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
