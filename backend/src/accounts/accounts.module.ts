import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { AccountLinks } from './account-links';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { UserSessions } from './user-sessions';
import { Clock } from '../common/clock';

/** Recovering, securing and changing an account: password reset and change, email verification, sessions. */
@Module({
  imports: [AuthModule, UsersModule, MailModule],
  controllers: [AccountsController],
  providers: [AccountsService, AccountLinks, UserSessions, Clock],
  exports: [UserSessions],
})
export class AccountsModule {}
