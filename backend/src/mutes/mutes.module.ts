import { Module } from '@nestjs/common';
import { MutesController } from './mutes.controller';
import { MutesService } from './mutes.service';

/** Muted fencers and muted words (§4c); the lists of posts apply them through mute-visibility.ts. */
@Module({
  controllers: [MutesController],
  providers: [MutesService],
})
export class MutesModule {}
