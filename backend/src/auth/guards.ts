import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { loginSchema, type SessionUser } from '@piste/contracts';
import { IS_ADMIN_ONLY, IS_PUBLIC } from '../common/decorators';
import { parseOrThrow } from '../common/zod.pipe';
import { LoginAttempts } from '../limits/login-attempts';

/** Global guard: closed by default. Public routes say so; admin routes need isAdmin. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.isAuthenticated?.() || !request.user) throw new UnauthorizedException('Not signed in');
    if (
      this.reflector.getAllAndOverride<boolean>(IS_ADMIN_ONLY, targets) &&
      !(request.user as SessionUser).isAdmin
    ) {
      throw new ForbiddenException('Admin access required');
    }
    return true;
  }
}

/**
 * Validates the login body, checks credentials with the local strategy (as one attempt counted against the
 * sign-in limits) and starts a fresh session.
 */
@Injectable()
export class LocalLoginGuard extends AuthGuard('local') {
  constructor(private readonly loginAttempts: LoginAttempts) {
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
    // passport's logIn regenerates the session id, so a fixed session cannot be reused.
    await super.logIn(request);
    return ok;
  }
}
