import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '../common/clock';
import { BanEntity } from './ban.entity';
import { BansService } from './bans.service';

/**
 * Bans on their own, so the auth module (the session user's `bannedUntil`, the global NotBannedGuard) and the
 * realtime gateway can enforce them while the moderation module, which imports posts, issues them — no import
 * cycle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([BanEntity])],
  providers: [BansService, Clock],
  exports: [BansService, Clock],
})
export class BansModule {}
