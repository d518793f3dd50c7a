import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (DESIGN.md §4e): each WebAuthn credential a user added (its id as the browser names it, its public key
 * and signature counter), and the challenges handed out for adding one or signing in with one. A challenge is kept
 * here, not in a replica's memory or the browser's session, so any replica can take it, exactly once.
 */
export class Passkeys1763800001700 implements MigrationInterface {
  name = 'Passkeys1763800001700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE passkeys (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "credentialId" varchar(1400) NOT NULL,
        "publicKey" bytea NOT NULL,
        "counter" bigint NOT NULL DEFAULT 0,
        "transports" jsonb NOT NULL DEFAULT '[]',
        "name" varchar(60) NOT NULL,
        "backedUp" boolean NOT NULL DEFAULT false,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "lastUsedAt" timestamptz,
        CONSTRAINT passkeys_credential_key UNIQUE ("credentialId")
      )`);
    await q.query(`CREATE INDEX passkeys_user_idx ON passkeys ("userId", "createdAt")`);
    await q.query(`
      CREATE TABLE webauthn_challenges (
        "challenge" varchar(128) NOT NULL PRIMARY KEY,
        "purpose" varchar(16) NOT NULL,
        "userId" uuid REFERENCES users ("id") ON DELETE CASCADE,
        "expiresAt" timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX webauthn_challenges_expiry_idx ON webauthn_challenges ("expiresAt")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS webauthn_challenges`);
    await q.query(`DROP TABLE IF EXISTS passkeys`);
  }
}
