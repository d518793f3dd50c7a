import { ForbiddenException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, MoreThan, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { BanEntity } from './moderation.entities';

const HOUR_MS = 60 * 60 * 1000;

export interface NewBan {
  userId: string;
  bannedBy: string;
  reason: string;
  durationHours: number;
}

/** Temporary bans from posting and commenting. A ban is active while `bannedUntil` is in the future: no expiry job. */
@Injectable()
export class BansService {
  constructor(
    @InjectRepository(BanEntity) private readonly bans: Repository<BanEntity>,
    private readonly clock: Clock,
  ) {}

  /** The ban that ends last among the user's active ones, or null. */
  activeBan(userId: string): Promise<BanEntity | null> {
    return this.bans.findOne({
      where: { userId, bannedUntil: MoreThan(this.clock.now()) },
      order: { bannedUntil: 'DESC' },
    });
  }

  /** 403 naming the end time when the user is banned. */
  async assertNotBanned(userId: string): Promise<void> {
    const ban = await this.activeBan(userId);
    if (ban) throw new ForbiddenException(banMessage(ban.bannedUntil));
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

/** 'You are banned from posting until 2026-11-23 10:00 UTC' */
export function banMessage(bannedUntil: Date): string {
  const iso = bannedUntil.toISOString();
  return `You are banned from posting until ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
