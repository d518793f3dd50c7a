import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { SessionUser } from '@piste/contracts';
import type { RateLimitName } from '../config/rate-limits';
import { clientAddress } from './client-address';
import { LimitsService } from './limits.service';
import { withRetryAfter } from './too-many-requests';

const RATE_LIMIT = 'piste:rateLimit';

interface RouteLimit {
  limit: RateLimitName;
  per: 'user' | 'address';
}

/**
 * Counts every call of the route against an abuse limit (SECURITY.md, "Abuse limits"), per signed-in user or
 * per client address; over it, the call is a 429 with Retry-After.
 */
export const RateLimit = (limit: RateLimitName, per: RouteLimit['per'] = 'user') =>
  applyDecorators(SetMetadata(RATE_LIMIT, { limit, per } satisfies RouteLimit), UseGuards(RateLimitGuard));

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: LimitsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<RouteLimit | undefined>(RATE_LIMIT, context.getHandler());
    if (!route) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const user = request.user as SessionUser | undefined;
    // A route limited per user is never public, so the session guard has found the user.
    const key = route.per === 'user' && user ? `user:${user.id}` : `address:${clientAddress(request)}`;
    try {
      await this.limits.consume(route.limit, key);
    } catch (err) {
      throw withRetryAfter(http.getResponse<Response>(), err);
    }
    return true;
  }
}
