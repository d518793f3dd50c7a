import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ACCOUNT_LINK_LIFETIME_SECONDS, type AccountLinkPurpose } from '@piste/contracts';
import { Clock } from '../common/clock';
import { AccountLinkEntity } from './account-link.entity';
import { accountError, AccountErrorCode } from './accounts.errors';

/** A link's token as the table keeps it: its SHA-256, so a copy of the table opens nothing. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The links mailed to users. A token is 256 random bits, URL-safe; only its hash is stored; it works once, until it
 * expires (ACCOUNT_LINK_LIFETIME_SECONDS), and never after a newer link of the same purpose was used.
 */
@Injectable()
export class AccountLinks {
  constructor(private readonly clock: Clock) {}

  /** Stores a new link for `email` through the caller's transaction and returns its token, for the mail only. */
  async issue(
    manager: EntityManager,
    userId: string,
    purpose: AccountLinkPurpose,
    email: string,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + ACCOUNT_LINK_LIFETIME_SECONDS[purpose] * 1000);
    await manager.insert(AccountLinkEntity, {
      userId,
      purpose,
      tokenHash: tokenHash(token),
      email,
      expiresAt,
    });
    return token;
  }

  /**
   * Uses a link: the unused, unexpired link of this purpose with this token, locked for the caller's transaction
   * and marked used in it. Anything else is a 400 that says only that the link does not work.
   */
  async use(manager: EntityManager, purpose: AccountLinkPurpose, token: string): Promise<AccountLinkEntity> {
    const link = await manager
      .createQueryBuilder(AccountLinkEntity, 'l')
      .setLock('pessimistic_write')
      .where('l."tokenHash" = :hash AND l.purpose = :purpose', { hash: tokenHash(token), purpose })
      .andWhere('l."usedAt" IS NULL AND l."expiresAt" > :now', { now: this.clock.now() })
      .getOne();
    if (!link) throw accountError(AccountErrorCode.InvalidLink);
    await manager.update(AccountLinkEntity, { id: link.id }, { usedAt: this.clock.now() });
    return link;
  }

  /** Ends every unused link of this purpose the user holds (a reset ends the other reset links). */
  async revokeAll(manager: EntityManager, userId: string, purpose: AccountLinkPurpose): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(AccountLinkEntity)
      .set({ usedAt: this.clock.now() })
      .where('"userId" = :userId AND purpose = :purpose AND "usedAt" IS NULL', { userId, purpose })
      .execute();
  }

  /** How many links of this purpose the user was sent since `since` (the per-account limit on reset mails). */
  countSince(
    manager: EntityManager,
    userId: string,
    purpose: AccountLinkPurpose,
    since: Date,
  ): Promise<number> {
    return manager
      .createQueryBuilder(AccountLinkEntity, 'l')
      .where('l."userId" = :userId AND l.purpose = :purpose AND l."createdAt" > :since', {
        userId,
        purpose,
        since,
      })
      .getCount();
  }

  /** The address the user asked to change to and has not confirmed yet, if its link still works. */
  async pendingEmail(manager: EntityManager, userId: string): Promise<string | null> {
    const link = await manager
      .createQueryBuilder(AccountLinkEntity, 'l')
      .where('l."userId" = :userId AND l.purpose = :purpose', { userId, purpose: 'email-change' })
      .andWhere('l."usedAt" IS NULL AND l."expiresAt" > :now', { now: this.clock.now() })
      .orderBy('l."createdAt"', 'DESC')
      .getOne();
    return link?.email ?? null;
  }
}
