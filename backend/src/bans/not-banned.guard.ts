import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { SessionUser } from '@piste/contracts';
import { Clock } from '../common/clock';
import { IS_ALLOWED_WHILE_BANNED, IS_PUBLIC } from '../common/decorators';
import { bannedError } from './bans.service';

/** The HTTP methods that change something; a ban never stops a user from reading. */
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Global guard, closed by default: while a user's ban lasts, every change they ask for is refused with a 403
 * naming when the ban ends — posts, comments, reactions, messages, connection requests, uploads, profile
 * edits, and any route added later. The few changes a banned user may still make say so with
 * `@AllowedWhileBanned()`. The ban's end comes with the session user, whose cache every ban drops at once (SessionUsers).
 */
@Injectable()
export class NotBannedGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly clock: Clock,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!CHANGES.has(request.method)) return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_ALLOWED_WHILE_BANNED, targets)) return true;
    // Signed out: the session guard answers 401.
    const bannedUntil = (request.user as SessionUser | undefined)?.bannedUntil;
    if (bannedUntil && new Date(bannedUntil) > this.clock.now()) {
      throw bannedError(new Date(bannedUntil));
    }
    return true;
  }
}
