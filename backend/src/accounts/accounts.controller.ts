import { Controller, Delete, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  FORGOT_PASSWORD_REPLY,
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  linkTokenPayloadSchema,
  resetPasswordSchema,
  sessionHandleSchema,
  setLanguageSchema,
  type AcceptedReply,
  type Account,
  type AccountSession,
  type ChangeEmailPayload,
  type ChangePasswordPayload,
  type ForgotPasswordPayload,
  type LanguageSetting,
  type LinkTokenPayload,
  type ResetPasswordPayload,
  type SessionUser,
  type SetLanguagePayload,
} from '@piste/contracts';
import { settle } from '../auth/sign-out';
import { AllowedWhileBanned, CurrentUser, Public } from '../common/decorators';
import { ParsedBody, ParsedParam } from '../common/zod.pipe';
import { RateLimit, RateLimitPerAddress } from '../limits/rate-limit.guard';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { AccountsService } from './accounts.service';
import { UserSessions } from './user-sessions';

/**
 * The account's own settings and the links mailed for it. Recovering an account (forgot, reset) and following a
 * mailed link (verify, confirm a new address) work signed out: the link is the proof. The rest needs the session,
 * and a ban never stops a user from securing their account.
 */
@Controller('api')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: UserSessions,
    private readonly publisher: RealtimePublisher,
  ) {}

  @Public()
  @RateLimitPerAddress('password-forgot')
  @HttpCode(202)
  @Post('password/forgot')
  async forgotPassword(
    @ParsedBody(forgotPasswordSchema) body: ForgotPasswordPayload,
  ): Promise<AcceptedReply> {
    await this.accounts.forgotPassword(body.login);
    return { message: FORGOT_PASSWORD_REPLY };
  }

  @Public()
  @RateLimitPerAddress('account-links')
  @HttpCode(200)
  @Post('password/reset')
  async resetPassword(@ParsedBody(resetPasswordSchema) body: ResetPasswordPayload): Promise<AcceptedReply> {
    await this.accounts.resetPassword(body.token, body.password);
    return { message: 'Your password has been reset. Sign in with the new one.' };
  }

  /** The language the account speaks (null: the browser's); a ban never stops a user from reading Piste in theirs. */
  @AllowedWhileBanned()
  @RateLimit('settings')
  @Put('account/language')
  async setLanguage(
    @CurrentUser() user: SessionUser,
    @ParsedBody(setLanguageSchema) body: SetLanguagePayload,
  ): Promise<LanguageSetting> {
    await this.accounts.setLanguage(user.id, body.language);
    return { language: body.language };
  }

  @Get('account')
  account(@CurrentUser() user: SessionUser): Promise<Account> {
    return this.accounts.account(user.id);
  }

  @AllowedWhileBanned()
  @RateLimit('password-change')
  @HttpCode(200)
  @Post('account/password')
  async changePassword(
    @Req() request: Request,
    @CurrentUser() user: SessionUser,
    @ParsedBody(changePasswordSchema) body: ChangePasswordPayload,
  ): Promise<AcceptedReply> {
    const previousSessionId = request.sessionID;
    await this.accounts.changePassword(user.id, previousSessionId, body);
    // A new session id for this browser too: whoever copied the old cookie is out. Its socket reconnects.
    const device = request.session.device;
    await settle((done) => request.logIn(user, done));
    request.session.device = device;
    this.publisher.endSession(previousSessionId);
    return { message: 'Password changed. Other browsers were signed out.' };
  }

  @RateLimit('password-change')
  @HttpCode(202)
  @Post('account/email')
  async changeEmail(
    @CurrentUser() user: SessionUser,
    @ParsedBody(changeEmailSchema) body: ChangeEmailPayload,
  ): Promise<AcceptedReply> {
    await this.accounts.requestEmailChange(user.id, body);
    return { message: `We have sent a link to ${body.email}. Follow it to make the change.` };
  }

  @Public()
  @RateLimitPerAddress('account-links')
  @HttpCode(200)
  @Post('account/email/confirm')
  async confirmEmailChange(
    @ParsedBody(linkTokenPayloadSchema) body: LinkTokenPayload,
  ): Promise<AcceptedReply> {
    await this.accounts.confirmEmailChange(body.token);
    return { message: 'Your email address has been changed.' };
  }

  @Public()
  @RateLimitPerAddress('account-links')
  @HttpCode(200)
  @Post('account/verify-email')
  async verifyEmail(@ParsedBody(linkTokenPayloadSchema) body: LinkTokenPayload): Promise<AcceptedReply> {
    await this.accounts.verifyEmail(body.token);
    return { message: 'Your email address is verified.' };
  }

  @AllowedWhileBanned()
  @RateLimit('verify-email-resend')
  @HttpCode(202)
  @Post('account/verify-email/resend')
  async resendVerification(@CurrentUser() user: SessionUser): Promise<AcceptedReply> {
    await this.accounts.resendVerification(user.id);
    return { message: 'We have sent you a new link.' };
  }

  @Get('account/sessions')
  listSessions(@Req() request: Request, @CurrentUser() user: SessionUser): Promise<AccountSession[]> {
    return this.sessions.list(user.id, request.sessionID);
  }

  @AllowedWhileBanned()
  @HttpCode(200)
  @Post('account/sessions/revoke-others')
  async revokeOtherSessions(
    @Req() request: Request,
    @CurrentUser() user: SessionUser,
  ): Promise<AcceptedReply> {
    const endSessions = await this.sessions.endOthers(user.id, request.sessionID);
    endSessions();
    return { message: 'Every other browser was signed out.' };
  }

  @AllowedWhileBanned()
  @HttpCode(200)
  @Delete('account/sessions/:id')
  async revokeSession(
    @Req() request: Request,
    @CurrentUser() user: SessionUser,
    @ParsedParam('id', sessionHandleSchema) handle: string,
  ): Promise<AcceptedReply> {
    await this.sessions.end(user.id, handle, request.sessionID);
    return { message: 'That browser was signed out.' };
  }
}
