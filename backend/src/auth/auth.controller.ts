import { Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  loginTwoFactorSchema,
  registerPayloadSchema,
  TWO_FACTOR_METHODS,
  type LoginTwoFactorPayload,
  type Profile,
  type SessionUser,
  type TwoFactorRequired,
} from '@piste/contracts';
import type { z } from 'zod';
import { CurrentUser, Public } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { UsersService } from '../users/users.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { toProfile } from '../users/users.mapper';
import { RateLimitPerAddress } from '../limits/rate-limit.guard';
import { LimitsService } from '../limits/limits.service';
import { AuthService } from './auth.service';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { MAX_WRONG_CODES, pendingSignIn } from '../two-factor/pending-sign-in';
import { LocalLoginGuard } from './guards';
import { signOut } from './sign-out';
import { authError, AuthErrorCode } from './auth.errors';
import { requestError, RequestErrorCode } from '../common/request.errors';
import { userError, UserErrorCode } from '../users/users.errors';
import { browserLanguage } from '../i18n/request-language';

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly publisher: RealtimePublisher,
    private readonly twoFactor: TwoFactorService,
    private readonly limits: LimitsService,
  ) {}

  @Public()
  @RateLimitPerAddress('register')
  @Post('register')
  async register(
    @Req() request: Request,
    @ParsedBody(registerPayloadSchema) body: z.output<typeof registerPayloadSchema>,
  ): Promise<SessionUser> {
    const user = await this.auth.register(body, browserLanguage(request));
    await this.auth.completeSignIn(request, user, 'registration');
    return user;
  }

  @Public()
  @UseGuards(LocalLoginGuard)
  @HttpCode(200)
  @Post('login')
  async login(@Req() request: Request): Promise<SessionUser | TwoFactorRequired> {
    if (!request.user) return { twoFactorRequired: true, methods: [...TWO_FACTOR_METHODS] };
    const user = request.user as SessionUser;
    await this.auth.completeSignIn(request, user);
    return user;
  }

  /**
   * The second step of a sign-in with a second factor, in the session the password step started: a code from the
   * app or a recovery code. Five wrong answers end the attempt (429): the password is asked again.
   */
  @Public()
  @HttpCode(200)
  @Post('login/2fa')
  async loginSecondFactor(
    @Req() request: Request,
    @ParsedBody(loginTwoFactorSchema) body: LoginTwoFactorPayload,
  ): Promise<SessionUser> {
    const pending = pendingSignIn(request, Date.now());
    if (!pending) throw authError(AuthErrorCode.PasswordFirst);
    // Across every attempt on the account too: starting over with the password does not buy more guesses.
    await this.limits.consume('login-2fa', pending.userId);
    if (!(await this.twoFactor.verifySignIn(pending.userId, body))) {
      pending.wrongCodes += 1;
      if (pending.wrongCodes >= MAX_WRONG_CODES) {
        delete request.session.pendingSignIn;
        throw authError(AuthErrorCode.TooManyWrongCodes);
      }
      request.session.pendingSignIn = pending;
      throw authError(AuthErrorCode.WrongCode);
    }
    // Suspended between the two steps: said as such (403), not as a sign-in to start again.
    const user = await this.auth.userSigningIn(pending.userId, authError(AuthErrorCode.PasswordFirst));
    delete request.session.pendingSignIn;
    await this.auth.completeSignIn(request, user);
    return user;
  }

  @Public()
  @HttpCode(200)
  @Post('logout')
  async logout(@Req() request: Request): Promise<{ message: string }> {
    const sessionId = await signOut(request);
    // The session's sockets end with it, on every replica.
    if (sessionId) this.publisher.endSession(sessionId);
    return { message: 'Logged out' };
  }

  @Public()
  @Get('user')
  async user(@Req() request: Request): Promise<SessionUser> {
    if (!request.isAuthenticated?.() || !request.user) throw requestError(RequestErrorCode.NotSignedIn);
    const user = request.user as SessionUser;
    await this.auth.noteBrowserLanguage(user, request);
    return user;
  }

  @Get('current-user')
  async currentUser(@CurrentUser() user: SessionUser): Promise<Profile> {
    const entity = await this.users.findById(user.id);
    if (!entity) throw userError(UserErrorCode.NotFound);
    return toProfile(entity, user.id);
  }
}
