import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BansModule } from '../bans/bans.module';
import { PasskeySignInController, PasskeysController } from './passkeys.controller';
import { PasskeysService } from './passkeys.service';
import { WebAuthnChallenges } from './webauthn-challenges';

/** Passkeys (DESIGN.md §4e): added in Security, used to sign in without a password. BansModule shares its Clock. */
@Module({
  imports: [AuthModule, BansModule],
  controllers: [PasskeysController, PasskeySignInController],
  providers: [PasskeysService, WebAuthnChallenges],
})
export class PasskeysModule {}
