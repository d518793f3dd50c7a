import { Module } from '@nestjs/common';
import { AccountDataModule } from '../account-data/account-data.module';
import { AccountsModule } from '../accounts/accounts.module';
import { BansModule } from '../bans/bans.module';
import { AdminAuditService } from './admin-audit.service';
import { AdminAuditController, AdminUsersController, BanLiftController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

/** Account administration and the audit (DESIGN.md §4e): admins only. */
@Module({
  imports: [AccountsModule, AccountDataModule, BansModule],
  controllers: [AdminUsersController, AdminAuditController, BanLiftController],
  providers: [AdminUsersService, AdminAuditService],
})
export class AdminUsersModule {}
