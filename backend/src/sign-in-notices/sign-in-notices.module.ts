import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BansModule } from '../bans/bans.module';
import { MailModule } from '../mail/mail.module';
import { SignInNotices } from './sign-in-notices.service';

/** A mail for a sign-in from a browser and network the account has not used lately (DESIGN.md §4e). */
@Module({
  imports: [AuthModule, MailModule, BansModule],
  providers: [SignInNotices],
})
export class SignInNoticesModule {}
