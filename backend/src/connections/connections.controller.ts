import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  createFriendRequestSchema,
  respondFriendRequestSchema,
  userSearchQuerySchema,
  userSuggestQuerySchema,
  type ConnectionRequest,
  type UserSuggestion,
  type ConnectionUser,
  type SessionUser,
} from '@piste/contracts';
import type { z } from 'zod';
import { assertSelf } from '../common/assert-self';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody, ParsedQuery } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { ConnectionSearchService } from './connection-search.service';
import { ConnectionsService } from './connections.service';
import { RequestsService } from './requests.service';

/** Connection requests, connections and discover search (spec sections 4, 5 and 7). */
@Controller('api')
export class ConnectionsController {
  constructor(
    private readonly requests: RequestsService,
    private readonly connections: ConnectionsService,
    private readonly discover: ConnectionSearchService,
  ) {}

  @Post('friend-requests')
  @RateLimit('friend-requests')
  sendRequest(
    @CurrentUser() user: SessionUser,
    @ParsedBody(createFriendRequestSchema) body: z.infer<typeof createFriendRequestSchema>,
  ): Promise<ConnectionRequest> {
    assertSelf(user, body.senderId);
    return this.requests.send(user, body.receiverId);
  }

  /** The receiver accepts or declines; a banned user may still answer requests they received. */
  @Put('friend-requests/:id')
  @AllowedWhileBanned()
  respond(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(respondFriendRequestSchema) body: z.infer<typeof respondFriendRequestSchema>,
  ): Promise<ConnectionRequest> {
    return this.requests.respond(user, id, body.status);
  }

  /** The sender withdraws a pending request. */
  @Delete('friend-requests/:id')
  @AllowedWhileBanned()
  @HttpCode(204)
  cancelRequest(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<void> {
    return this.requests.cancel(user.id, id);
  }

  /** Incoming pending requests; only your own. */
  @Get('friend-requests/:userId')
  incoming(
    @CurrentUser() user: SessionUser,
    @Param('userId', uuidParam()) userId: string,
  ): Promise<ConnectionRequest[]> {
    assertSelf(user, userId);
    return this.requests.incoming(user.id);
  }

  /** Outgoing pending requests; only your own. */
  @Get('sent-friend-requests/:userId')
  sent(
    @CurrentUser() user: SessionUser,
    @Param('userId', uuidParam()) userId: string,
  ): Promise<ConnectionRequest[]> {
    assertSelf(user, userId);
    return this.requests.sent(user.id);
  }

  @Get('friends')
  ownConnections(@CurrentUser() user: SessionUser): Promise<ConnectionUser[]> {
    return this.connections.connectionsOf(user.id);
  }

  /** Anyone's connections, for signed-in users, unless either blocked the other (404). */
  @Get('friends/:userId')
  connectionsOf(
    @CurrentUser() user: SessionUser,
    @Param('userId', uuidParam()) userId: string,
  ): Promise<ConnectionUser[]> {
    return this.connections.connectionsOfUser(user.id, userId);
  }

  @Delete('friends/:userId')
  @AllowedWhileBanned()
  @HttpCode(204)
  removeConnection(
    @CurrentUser() user: SessionUser,
    @Param('userId', uuidParam()) userId: string,
  ): Promise<void> {
    return this.connections.removeConnection(user.id, userId);
  }

  @Get('search/users')
  search(
    @CurrentUser() user: SessionUser,
    @ParsedQuery(userSearchQuerySchema) query: z.infer<typeof userSearchQuerySchema>,
  ): Promise<ConnectionUser[]> {
    return this.discover.search(user.id, query.q, query.weapon);
  }

  /** `@` autocomplete: fencers whose username or name starts with what was typed, connections first. */
  @Get('users/suggest')
  suggest(
    @CurrentUser() user: SessionUser,
    @ParsedQuery(userSuggestQuerySchema) query: z.output<typeof userSuggestQuerySchema>,
  ): Promise<UserSuggestion[]> {
    return this.discover.suggest(user.id, query.q, query.limit);
  }
}
