import { Inject, Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { DataSource } from 'typeorm';
import type { AddPasskeyPayload, LoginPasskeyPayload, Passkey, SessionUser } from '@piste/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { CHALLENGE_MS, WebAuthnChallenges } from './webauthn-challenges';
import { passkeyError, PasskeyErrorCode } from './passkeys.errors';

/** Enough for every phone, laptop and key a person owns. */
export const MAX_PASSKEYS = 20;
const RP_NAME = 'Piste';

interface PasskeyRow {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}

interface CredentialRow {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Buffer;
  counter: string;
  transports: string[];
}

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
  backedUp: row.backedUp,
});

/** The WebAuthn user handle of an account: its id's 16 bytes (no name, nothing personal). */
const userHandleOf = (userId: string) => Buffer.from(userId.replace(/-/g, ''), 'hex');

/**
 * Passkeys (WebAuthn, checked by @simplewebauthn/server): a user adds them while signed in, and signs in with one
 * alone — the browser offers the discoverable credentials it holds for Piste, so no username is typed. A passkey
 * proves possession of the device and, with user verification required, its unlocking: both factors at once.
 */
@Injectable()
export class PasskeysService {
  /** The relying party is the public address's host (browsers refuse an IP address), its origin the only one. */
  private readonly rpID: string;
  private readonly origin: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly challenges: WebAuthnChallenges,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const site = new URL(config.publicUrl);
    this.rpID = site.hostname;
    this.origin = site.origin;
  }

  async list(userId: string): Promise<Passkey[]> {
    const rows = await this.dataSource.query<PasskeyRow[]>(
      `SELECT "id", "name", "createdAt", "lastUsedAt", "backedUp" FROM passkeys
        WHERE "userId" = $1 ORDER BY "createdAt", "id"`,
      [userId],
    );
    return rows.map(toPasskey);
  }

  /** Options for `navigator.credentials.create()`: a discoverable credential, unlocked by its owner. */
  async registrationOptions(user: SessionUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.dataSource.query<{ credentialId: string; transports: string[] }[]>(
      `SELECT "credentialId", "transports" FROM passkeys WHERE "userId" = $1`,
      [user.id],
    );
    if (existing.length >= MAX_PASSKEYS) {
      throw passkeyError(PasskeyErrorCode.TooMany, { max: MAX_PASSKEYS });
    }
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpID,
      userName: user.username,
      userDisplayName: user.name ?? user.username,
      userID: userHandleOf(user.id),
      timeout: CHALLENGE_MS,
      attestationType: 'none',
      // The browser will not make a second passkey for this account on an authenticator that holds one.
      excludeCredentials: existing.map(({ credentialId, transports }) => ({ id: credentialId, transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.challenges.remember(options.challenge, 'register', user.id);
    return options;
  }

  /** Checks the browser's new credential against a challenge this user was given, and keeps it. */
  async add(user: SessionUser, payload: AddPasskeyPayload): Promise<Passkey> {
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: payload.response as RegistrationResponseJSON,
        expectedChallenge: (challenge) => this.challenges.take(challenge, 'register', user.id),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      });
    } catch {
      throw passkeyError(PasskeyErrorCode.NotChecked);
    }
    if (!verified.verified) throw passkeyError(PasskeyErrorCode.NotChecked);
    const { credential, credentialBackedUp } = verified.registrationInfo;
    const [row] = await this.dataSource.query<PasskeyRow[]>(
      `INSERT INTO passkeys ("userId", "credentialId", "publicKey", "counter", "transports", "name", "backedUp")
       SELECT $1, $2, $3, $4, $5, $6, $7
        WHERE (SELECT count(*) FROM passkeys WHERE "userId" = $1) < $8
       ON CONFLICT ("credentialId") DO NOTHING
       RETURNING "id", "name", "createdAt", "lastUsedAt", "backedUp"`,
      [
        user.id,
        credential.id,
        Buffer.from(credential.publicKey),
        credential.counter,
        JSON.stringify(credential.transports ?? []),
        payload.name,
        credentialBackedUp,
        MAX_PASSKEYS,
      ],
    );
    if (!row) throw passkeyError(PasskeyErrorCode.AlreadyAdded);
    return toPasskey(row);
  }

  async rename(userId: string, passkeyId: string, name: string): Promise<Passkey> {
    const [rows] = await this.dataSource.query<[PasskeyRow[], number]>(
      `UPDATE passkeys SET "name" = $3 WHERE "id" = $1 AND "userId" = $2
       RETURNING "id", "name", "createdAt", "lastUsedAt", "backedUp"`,
      [passkeyId, userId, name],
    );
    if (!rows[0]) throw passkeyError(PasskeyErrorCode.NotFound);
    return toPasskey(rows[0]);
  }

  async remove(userId: string, passkeyId: string): Promise<void> {
    const [, count] = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM passkeys WHERE "id" = $1 AND "userId" = $2`,
      [passkeyId, userId],
    );
    if (!count) throw passkeyError(PasskeyErrorCode.NotFound);
  }

  /** Options for `navigator.credentials.get()` with no account named: the browser offers what it holds for Piste. */
  async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      timeout: CHALLENGE_MS,
      userVerification: 'required',
    });
    await this.challenges.remember(options.challenge, 'sign-in', null);
    return options;
  }

  /**
   * The id of the account whose passkey signed a sign-in challenge; 401 when the passkey is unknown (removed, or
   * its account deleted) or the answer does not check out. Its signature counter moves on, so a cloned
   * authenticator replaying an old count is refused.
   */
  async verifySignIn(payload: LoginPasskeyPayload): Promise<string> {
    const response = payload.response as AuthenticationResponseJSON;
    const [passkey] = await this.dataSource.query<CredentialRow[]>(
      `SELECT "id", "userId", "credentialId", "publicKey", "counter", "transports" FROM passkeys
        WHERE "credentialId" = $1`,
      [response.id],
    );
    if (!passkey) throw passkeyError(PasskeyErrorCode.Unknown);
    // A discoverable credential names its account: it must be the one the passkey was added to.
    const handle = response.response.userHandle;
    if (handle && !Buffer.from(handle, 'base64url').equals(userHandleOf(passkey.userId))) {
      throw passkeyError(PasskeyErrorCode.SignInNotChecked);
    }
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => this.challenges.take(challenge, 'sign-in', null),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: Number(passkey.counter),
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
    } catch {
      throw passkeyError(PasskeyErrorCode.SignInNotChecked);
    }
    if (!verified.verified) throw passkeyError(PasskeyErrorCode.SignInNotChecked);
    await this.dataSource.query(`UPDATE passkeys SET "counter" = $2, "lastUsedAt" = now() WHERE "id" = $1`, [
      passkey.id,
      verified.authenticationInfo.newCounter,
    ]);
    return passkey.userId;
  }
}
