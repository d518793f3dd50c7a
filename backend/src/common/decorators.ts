import { createParamDecorator, ExecutionContext, ParseUUIDPipe, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionUser } from '@piste/contracts';

export const IS_PUBLIC = 'piste:isPublic';
export const IS_ADMIN_ONLY = 'piste:isAdminOnly';
export const IS_ALLOWED_WHILE_BANNED = 'piste:isAllowedWhileBanned';

/** Opens a route to signed-out visitors; every other route needs a session. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Closes a route to everyone but admins (403 otherwise). */
export const AdminOnly = () => SetMetadata(IS_ADMIN_ONLY, true);

/**
 * Lets a banned user make this change. Every other POST, PUT, PATCH and DELETE is refused while a ban lasts
 * (NotBannedGuard); reading is never refused. Reserved for safety (report, hide, block) and for answering,
 * withdrawing or deleting the user's own things — see SECURITY.md, "Bans".
 */
export const AllowedWhileBanned = () => SetMetadata(IS_ALLOWED_WHILE_BANNED, true);

/** The signed-in user of the request. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  const request = ctx.switchToHttp().getRequest<Request>();
  return request.user as SessionUser;
});

/** A uuid path parameter; a malformed id is a 400, not a database error. */
export const uuidParam = () => new ParseUUIDPipe({ exceptionFactory: () => new InvalidIdError() });

class InvalidIdError extends Error {
  readonly status = 400;
  constructor() {
    super('Invalid id');
  }
}
