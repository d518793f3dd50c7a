import { Module } from '@nestjs/common';
import { BansModule } from '../bans/bans.module';
import { UsersModule } from '../users/users.module';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';

/** TOTP and recovery codes (DESIGN.md §4e); the sign-in's second step is in auth/. BansModule shares its Clock. */
@Module({
  imports: [UsersModule, BansModule],
  controllers: [TwoFactorController],
  providers: [TwoFactorService],
  exports: [TwoFactorService],
})
export class TwoFactorModule {}
