import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '../common/clock';
import { BanEntity } from './moderation.entities';
import { BansService } from './bans.service';
import { NotBannedGuard } from './not-banned.guard';

/**
 * Bans on their own, so the posts module can enforce them (`@UseGuards(NotBannedGuard)`) while the
 * moderation module, which imports posts, issues them — no import cycle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([BanEntity])],
  providers: [BansService, NotBannedGuard, Clock],
  exports: [BansService, NotBannedGuard, Clock],
})
export class BansModule {}
