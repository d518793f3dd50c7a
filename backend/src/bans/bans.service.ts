import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, MoreThan, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { BanEntity } from './ban.entity';
import type { CodedException } from '../common/coded-exception';
import { banError, BanErrorCode } from './bans.errors';

const HOUR_MS = 60 * 60 * 1000;

export interface NewBan {
  userId: string;
  bannedBy: string;
  reason: string;
  durationHours: number;
}

/**
 * Temporary bans: while one lasts the user can read but not create or change what others see (SECURITY.md,
 * "Bans"; enforced by NotBannedGuard). A ban is active while `bannedUntil` is in the future and no admin lifted it:
 * no expiry job.
 */
@Injectable()
export class BansService {
  constructor(
    @InjectRepository(BanEntity) private readonly bans: Repository<BanEntity>,
    private readonly clock: Clock,
  ) {}

  /** The ban that ends last among the user's active ones, or null. */
  activeBan(userId: string): Promise<BanEntity | null> {
    return this.bans.findOne({
      where: { userId, bannedUntil: MoreThan(this.clock.now()), liftedAt: IsNull() },
      order: { bannedUntil: 'DESC' },
    });
  }

  /**
   * When the user's ban ends (the latest of their active bans), or null when they are not banned; through
   * `manager` inside a transaction.
   */
  async activeBanEnd(userId: string, manager: EntityManager = this.bans.manager): Promise<Date | null> {
    // Runs with every request (the session user): one read of the (userId, bannedUntil) index.
    const row = await manager
      .getRepository(BanEntity)
      .createQueryBuilder('ban')
      .select('MAX(ban.bannedUntil)', 'until')
      .where('ban.userId = :userId AND ban.bannedUntil > :now AND ban.liftedAt IS NULL', {
        userId,
        now: this.clock.now(),
      })
      .getRawOne<{ until: Date | string | null }>();
    return row?.until ? new Date(row.until) : null;
  }

  /** True while the user is banned. */
  async isBanned(userId: string): Promise<boolean> {
    return (await this.activeBanEnd(userId)) !== null;
  }

  /** Issues a ban starting now; pass the caller's transaction manager to make it part of a larger change. */
  issue(input: NewBan, manager: EntityManager = this.bans.manager): Promise<BanEntity> {
    const repo = manager.getRepository(BanEntity);
    const bannedUntil = new Date(this.clock.now().getTime() + input.durationHours * HOUR_MS);
    return repo.save(
      repo.create({ userId: input.userId, bannedBy: input.bannedBy, reason: input.reason, bannedUntil }),
    );
  }
}

/** 403 'You are banned from posting until 2026-11-23 10:00 UTC' */
export function bannedError(bannedUntil: Date): CodedException {
  const iso = bannedUntil.toISOString();
  return banError(BanErrorCode.Banned, { date: iso.slice(0, 10), time: iso.slice(11, 16) });
}
