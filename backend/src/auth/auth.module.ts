import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { BansModule } from '../bans/bans.module';
import { NotBannedGuard } from '../bans/not-banned.guard';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { SessionGuard } from './guards';
import { LocalStrategy } from './local.strategy';
import { SessionSerializer } from './session.serializer';
import { SessionMiddleware } from './session.middleware';
import { SessionUsers } from './session-users';

@Module({
  imports: [UsersModule, BansModule, TwoFactorModule, PassportModule.register({ session: true })],
  controllers: [AuthController],
  providers: [
    AuthService,
    LocalStrategy,
    SessionSerializer,
    SessionMiddleware,
    SessionUsers,
    // In this order: signed in (and admin where required) first, then not banned for changes.
    { provide: APP_GUARD, useClass: SessionGuard },
    { provide: APP_GUARD, useClass: NotBannedGuard },
  ],
  exports: [AuthService, SessionMiddleware],
})
export class AuthModule {}
