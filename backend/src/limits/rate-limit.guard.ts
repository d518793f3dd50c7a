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

interface RouteLimits {
  limits: readonly RateLimitName[];
  per: 'user' | 'address';
}
type LimitNames = [RateLimitName, ...RateLimitName[]];

const routeLimits =
  (per: RouteLimits['per']) =>
  (...limits: LimitNames) =>
    applyDecorators(
      SetMetadata(RATE_LIMIT, { limits, per } satisfies RouteLimits),
      UseGuards(RateLimitGuard),
    );

/**
 * Counts every call of the route against each named abuse limit (SECURITY.md, "Abuse limits") of the signed-in
 * user, e.g. `@RateLimit('messages', 'messages-burst')`; over any of them, the call is a 429 with Retry-After.
 */
export const RateLimit = routeLimits('user');

/** The same per client address, for a public route. */
export const RateLimitPerAddress = routeLimits('address');

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: LimitsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<RouteLimits | undefined>(RATE_LIMIT, context.getHandler());
    if (!route) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const user = request.user as SessionUser | undefined;
    // A route limited per user is never public, so the session guard has found the user.
    const key = route.per === 'user' && user ? `user:${user.id}` : `address:${clientAddress(request)}`;
    try {
      await this.limits.consumeEach(route.limits, key);
    } catch (err) {
      throw withRetryAfter(http.getResponse<Response>(), err);
    }
    return true;
  }
}
