import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  clubMembersQuerySchema,
  clubSlugSchema,
  clubsQuerySchema,
  createClubSchema,
  setClubRoleSchema,
  updateClubSchema,
  type ClubMembersPage,
  type ClubMembersQuery,
  type ClubPage,
  type ClubRequest,
  type ClubsPage,
  type ClubsQuery,
  type FencerClub,
  type SessionUser,
} from '@piste/contracts';
import { z } from 'zod';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody, ParsedParam, ParsedQuery } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { ClubMembersService } from './club-members.service';
import { ClubsService, type CreateClub, type UpdateClub } from './clubs.service';

const slugParam = clubSlugSchema;

/** Clubs, their members and their requests (DESIGN.md §4d). */
@Controller('api')
export class ClubsController {
  constructor(
    private readonly clubs: ClubsService,
    private readonly memberships: ClubMembersService,
  ) {}

  @Post('clubs')
  @RateLimit('clubs')
  create(
    @CurrentUser() user: SessionUser,
    @ParsedBody(createClubSchema) body: CreateClub,
  ): Promise<ClubPage> {
    return this.clubs.create(user, body);
  }

  @Get('clubs')
  list(@ParsedQuery(clubsQuerySchema) query: ClubsQuery): Promise<ClubsPage> {
    return this.clubs.list(query);
  }

  @Get('clubs/:slug')
  page(@CurrentUser() user: SessionUser, @ParsedParam('slug', slugParam) slug: string): Promise<ClubPage> {
    return this.clubs.page(user, slug);
  }

  @Patch('clubs/:slug')
  update(
    @CurrentUser() user: SessionUser,
    @ParsedParam('slug', slugParam) slug: string,
    @ParsedBody(updateClubSchema) body: UpdateClub,
  ): Promise<ClubPage> {
    return this.clubs.update(user, slug, body);
  }

  @Delete('clubs/:slug')
  @AllowedWhileBanned()
  @HttpCode(204)
  remove(@CurrentUser() user: SessionUser, @ParsedParam('slug', slugParam) slug: string): Promise<void> {
    return this.clubs.remove(user, slug);
  }

  @Post('clubs/:slug/join')
  @RateLimit('clubs')
  join(@CurrentUser() user: SessionUser, @ParsedParam('slug', slugParam) slug: string): Promise<ClubPage> {
    return this.memberships.join(user, slug);
  }

  @Get('clubs/:slug/members')
  members(
    @CurrentUser() user: SessionUser,
    @ParsedParam('slug', slugParam) slug: string,
    @ParsedQuery(clubMembersQuerySchema) query: ClubMembersQuery,
  ): Promise<ClubMembersPage> {
    return this.memberships.members(user, slug, query);
  }

  @Get('clubs/:slug/requests')
  requests(
    @CurrentUser() user: SessionUser,
    @ParsedParam('slug', slugParam) slug: string,
  ): Promise<ClubRequest[]> {
    return this.memberships.requests(user, slug);
  }

  @Post('clubs/:slug/requests/:userId/accept')
  @HttpCode(204)
  accept(
    @CurrentUser() user: SessionUser,
    @ParsedParam('slug', slugParam) slug: string,
    @Param('userId', uuidParam()) userId: string,
  ): Promise<void> {
    return this.memberships.answer(user, slug, userId, true);
  }

  @Post('clubs/:slug/requests/:userId/decline')
  @AllowedWhileBanned()
  @HttpCode(204)
  decline(
    @CurrentUser() user: SessionUser,
    @ParsedParam('slug', slugParam) slug: string,
    @Param('userId', uuidParam()) userId: string,
  ): Promise<void> {
    return this.memberships.answer(user, slug, userId, false);
  }

  @Patch('clubs/:slug/members/:userId')
  @HttpCode(204)
  setRole(
    @CurrentUser() user: SessionUser,
    @ParsedParam('slug', slugParam) slug: string,
    @Param('userId', uuidParam()) userId: string,
    @ParsedBody(setClubRoleSchema) body: z.output<typeof setClubRoleSchema>,
  ): Promise<void> {
    return this.memberships.setRole(user, slug, userId, body.role);
  }

  /** Leaving is allowed while banned; removing someone else is not. */
  @Delete('clubs/:slug/members/:userId')
  @AllowedWhileBanned()
  @HttpCode(204)
  removeMember(
    @CurrentUser() user: SessionUser,
    @ParsedParam('slug', slugParam) slug: string,
    @Param('userId', uuidParam()) userId: string,
  ): Promise<void> {
    return this.memberships.removeMember(user, slug, userId);
  }

  @Get('profiles/:username/clubs')
  clubsOf(@CurrentUser() user: SessionUser, @Param('username') username: string): Promise<FencerClub[]> {
    return this.clubs.clubsOf(user, username);
  }
}
