/** The part of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188) the test push service uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair (Web Push: the subscription's). */
    privateKey?: ECDH;
    /** The subscription's auth secret. */
    authSecret?: Buffer | string;
    dh?: Buffer | string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
