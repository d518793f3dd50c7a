import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';

/** How long a browser has to answer a challenge: the time to find a phone and unlock it. */
export const CHALLENGE_MS = 5 * 60 * 1000;

export type ChallengePurpose = 'register' | 'sign-in';

/**
 * WebAuthn challenges, in the database so that whichever replica gets the answer can check it, and each taken at
 * most once: taking deletes the row, so a replayed answer finds nothing.
 */
@Injectable()
export class WebAuthnChallenges {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Keeps a challenge just handed out (for `userId`'s new passkey, or for a sign-in by anyone). */
  async remember(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
    const now = this.clock.now();
    // Challenges nobody answered go as new ones come: the table holds five minutes' worth.
    await this.dataSource.query(`DELETE FROM webauthn_challenges WHERE "expiresAt" < $1`, [now]);
    await this.dataSource.query(
      `INSERT INTO webauthn_challenges ("challenge", "purpose", "userId", "expiresAt") VALUES ($1, $2, $3, $4)`,
      [challenge, purpose, userId, new Date(now.getTime() + CHALLENGE_MS)],
    );
  }

  /** True once for a challenge handed out for this purpose (and user), unexpired; false ever after. */
  async take(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<boolean> {
    const [rows] = await this.dataSource.query<[{ expiresAt: Date }[], number]>(
      `DELETE FROM webauthn_challenges
        WHERE "challenge" = $1 AND "purpose" = $2 AND "userId" IS NOT DISTINCT FROM $3
        RETURNING "expiresAt"`,
      [challenge, purpose, userId],
    );
    return rows.length > 0 && new Date(rows[0].expiresAt) > this.clock.now();
  }
}
