import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { Clock } from '../common/clock';
import { MailModule } from '../mail/mail.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ObjectsModule } from '../objects/objects.module';
import { PostsModule } from '../posts/posts.module';
import { UsersModule } from '../users/users.module';
import { AccountDataController } from './account-data.controller';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportsService } from './account-exports.service';

/** A user's data leaving with them (an export of everything) or going for good (deleting the account). */
@Module({
  imports: [AccountsModule, UsersModule, ObjectsModule, PostsModule, NotificationsModule, MailModule],
  controllers: [AccountDataController],
  providers: [AccountExportsService, AccountDeletionService, Clock],
  // An admin deletes an account the way its owner does (backend/src/admin-users/).
  exports: [AccountDeletionService],
})
export class AccountDataModule {}
