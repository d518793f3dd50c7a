import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  adminReasonSchema,
  adminUsersQuerySchema,
  auditQuerySchema,
  setAdminSchema,
  type AdminUserPage,
  type AdminUsersPage,
  type AdminUsersQuery,
  type AuditPage,
  type AuditQuery,
  type SessionUser,
} from '@piste/contracts';
import type { z } from 'zod';
import { AdminOnly, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody, ParsedQuery } from '../common/zod.pipe';
import { AdminAuditService } from './admin-audit.service';
import { AdminUsersService } from './admin-users.service';

type Reason = z.output<typeof adminReasonSchema>;

/** Accounts as admins see and change them (DESIGN.md §4e). Every route is for admins only. */
@AdminOnly()
@Controller('api/admin/users')
export class AdminUsersController {
  constructor(private readonly adminUsers: AdminUsersService) {}

  @Get()
  list(@ParsedQuery(adminUsersQuerySchema) query: AdminUsersQuery): Promise<AdminUsersPage> {
    return this.adminUsers.list(query);
  }

  @Get(':id')
  page(@Param('id', uuidParam()) id: string): Promise<AdminUserPage> {
    return this.adminUsers.page(id);
  }

  @Patch(':id')
  setAdmin(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(setAdminSchema) body: z.output<typeof setAdminSchema>,
  ): Promise<AdminUserPage> {
    return this.adminUsers.setAdmin(admin, id, body.isAdmin, body.reason);
  }

  @Post(':id/suspend')
  @HttpCode(200)
  suspend(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(adminReasonSchema) body: Reason,
  ): Promise<AdminUserPage> {
    return this.adminUsers.suspend(admin, id, body.reason);
  }

  @Post(':id/unsuspend')
  @HttpCode(200)
  unsuspend(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(adminReasonSchema) body: Reason,
  ): Promise<AdminUserPage> {
    return this.adminUsers.unsuspend(admin, id, body.reason);
  }

  /** 202: the account is signed out now and gone within a minute (a job), as with its owner's own deletion. */
  @Post(':id/delete')
  @HttpCode(202)
  deleteAccount(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(adminReasonSchema) body: Reason,
  ): Promise<AdminUserPage> {
    return this.adminUsers.deleteAccount(admin, id, body.reason);
  }
}

/** The audit of every moderation and administration action, for admins only. */
@AdminOnly()
@Controller('api/admin/audit')
export class AdminAuditController {
  constructor(private readonly audit: AdminAuditService) {}

  @Get()
  page(@ParsedQuery(auditQuerySchema) query: AuditQuery): Promise<AuditPage> {
    return this.audit.page(query);
  }
}

/** Lifting a ban before its end, with the admin's reason in the body (`{reason}`), for admins only. */
@AdminOnly()
@Controller('api/bans')
export class BanLiftController {
  constructor(private readonly adminUsers: AdminUsersService) {}

  /** Answers with the banned user's page as it is now. */
  @Delete(':id')
  liftBan(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(adminReasonSchema) body: Reason,
  ): Promise<AdminUserPage> {
    return this.adminUsers.liftBan(admin, id, body.reason);
  }
}
