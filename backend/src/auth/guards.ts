import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { loginSchema, type SessionUser } from '@piste/contracts';
import { IS_ADMIN_ONLY, IS_PUBLIC } from '../common/decorators';
import { requestError, RequestErrorCode } from '../common/request.errors';
import { parseOrThrow } from '../common/zod.pipe';
import { LoginAttempts } from '../limits/login-attempts';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { PENDING_SIGN_IN_MS } from '../two-factor/pending-sign-in';
import { settle } from './sign-out';

/** Global guard: closed by default. Public routes say so; admin routes need isAdmin. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.isAuthenticated?.() || !request.user) throw requestError(RequestErrorCode.NotSignedIn);
    if (
      this.reflector.getAllAndOverride<boolean>(IS_ADMIN_ONLY, targets) &&
      !(request.user as SessionUser).isAdmin
    ) {
      throw requestError(RequestErrorCode.AdminOnly);
    }
    return true;
  }
}

/**
 * Validates the login body, checks credentials with the local strategy (as one attempt counted against the
 * sign-in limits) and starts a fresh session: signed in, or, for an account with a second factor, holding the
 * sign-in until `POST /api/login/2fa` completes it.
 */
@Injectable()
export class LocalLoginGuard extends AuthGuard('local') {
  constructor(
    private readonly loginAttempts: LoginAttempts,
    private readonly twoFactor: TwoFactorService,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const credentials = parseOrThrow(loginSchema, request.body);
    request.body = credentials;
    const ok = await this.loginAttempts.attempt(
      request,
      credentials.username,
      async () => (await super.canActivate(context)) as boolean,
    );
    const user = request.user as SessionUser;
    if (await this.twoFactor.required(user.id)) {
      // A new session, signed in as nobody, remembers whose password was right, for a few minutes.
      await settle((done) => request.session.regenerate(done));
      request.user = undefined;
      request.session.pendingSignIn = {
        userId: user.id,
        until: Date.now() + PENDING_SIGN_IN_MS,
        wrongCodes: 0,
      };
      return ok;
    }
    // passport's logIn regenerates the session id, so a fixed session cannot be reused.
    await super.logIn(request);
    return ok;
  }
}
