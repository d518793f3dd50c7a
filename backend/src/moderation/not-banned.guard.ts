import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionUser } from '@piste/contracts';
import { BansService } from './bans.service';

/**
 * Refuses a banned user (403 naming when the ban ends). Runs after the global session guard, so the
 * request has a user; put it on the routes that create content (posts, comments).
 */
@Injectable()
export class NotBannedGuard implements CanActivate {
  constructor(private readonly bans: BansService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<Request>().user as SessionUser | undefined;
    if (user) await this.bans.assertNotBanned(user.id);
    return true;
  }
}
