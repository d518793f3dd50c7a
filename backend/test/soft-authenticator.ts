import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** What a browser hands the page after `navigator.credentials.create()` / `.get()`, as WebAuthn JSON. */
export interface RegistrationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
}
export interface AuthenticationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  clientExtensionResults: Record<string, never>;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();
/** User present and verified (the owner unlocked it), and for a new credential, attested credential data. */
const FLAGS = { signIn: 0x05, created: 0x45 };

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

/**
 * A passkey authenticator in software, as a phone would be (ES256, 'none' attestation, discoverable credentials):
 * enough to drive the server's WebAuthn checks from a test without a browser. `origin` is what a browser on the
 * page's address would put in the client data.
 */
export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  /** The same keys in a browser on another page (a phishing site that relays the challenge). */
  on(origin: string): SoftAuthenticator {
    const copy = new SoftAuthenticator(origin, this.rpId);
    copy.credentials.push(...this.credentials);
    return copy;
  }

  /** Answers registration options with a new credential for the user they name. */
  create(options: { challenge: string; user: { id: string } }): RegistrationJSON {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const id = randomBytes(16);
    const credential = { id, privateKey, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const attested = Buffer.concat([
      Buffer.alloc(16), // aaguid
      Buffer.from([0, id.length]),
      id,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const authData = Buffer.concat([this.authDataHead(FLAGS.created, 0), attested]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** Signs a sign-in challenge with a credential (the newest by default), moving its counter on. */
  get(
    options: { challenge: string },
    credential = this.credentials[this.credentials.length - 1],
  ): AuthenticationJSON {
    credential.counter += 1;
    const authData = this.authDataHead(FLAGS.signIn, credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  private authDataHead(flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })).toString(
      'base64url',
    );
  }
}
