import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream';
import {
  ACCOUNT_DELETED_REPLY,
  deleteAccountSchema,
  uuidSchema,
  type AcceptedReply,
  type AccountExport,
  type DeleteAccountPayload,
  type SessionUser,
} from '@piste/contracts';
import { signOut } from '../auth/sign-out';
import { AllowedWhileBanned, CurrentUser } from '../common/decorators';
import { ParsedBody, ParsedParam } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportsService } from './account-exports.service';

/**
 * The user's data, to take away (an export) or to delete with the account. Signed in only; a ban stops neither:
 * the data is theirs either way.
 */
@Controller('api/account')
export class AccountDataController {
  constructor(
    private readonly exports: AccountExportsService,
    private readonly deletion: AccountDeletionService,
    private readonly publisher: RealtimePublisher,
  ) {}

  /** The latest export, or JSON `null` when there is none (Nest would send an empty body for a bare null). */
  @AllowedWhileBanned()
  @Get('export')
  async latestExport(@CurrentUser() user: SessionUser, @Res() response: Response): Promise<void> {
    const latest: AccountExport | null = await this.exports.latest(user.id);
    response.json(latest);
  }

  @AllowedWhileBanned()
  @HttpCode(202)
  @Post('export')
  requestExport(@CurrentUser() user: SessionUser): Promise<AccountExport> {
    return this.exports.request(user.id);
  }

  /** The archive, to its owner alone (anyone else, and an expired one, is a 404). */
  @AllowedWhileBanned()
  @Get('export/:id/download')
  async download(
    @CurrentUser() user: SessionUser,
    @ParsedParam('id', uuidSchema) exportId: string,
    @Res() response: Response,
  ): Promise<void> {
    const archive = await this.exports.download(user.id, exportId);
    const day = archive.madeAt.toISOString().slice(0, 10);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Length', String(archive.size));
    response.setHeader('Content-Disposition', `attachment; filename="piste-${user.username}-${day}.zip"`);
    response.setHeader('Cache-Control', 'private, no-store');
    pipeline(archive.body, response, () => undefined);
  }

  /** With the password: this browser is signed out at once, every other one too, and the account goes. */
  @AllowedWhileBanned()
  @RateLimit('password-change')
  @HttpCode(202)
  @Post('delete')
  async deleteAccount(
    @Req() request: Request,
    @CurrentUser() user: SessionUser,
    @ParsedBody(deleteAccountSchema) body: DeleteAccountPayload,
  ): Promise<AcceptedReply> {
    await this.deletion.request(user.id, body.password);
    const sessionId = await signOut(request);
    if (sessionId) this.publisher.endSession(sessionId);
    return { message: ACCOUNT_DELETED_REPLY };
  }
}
