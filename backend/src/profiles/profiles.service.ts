import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  COMPETITION_RECORD_LIMIT,
  type FeedPost,
  type FencerPostsQuery,
  type FencerProfile,
  type SessionUser,
} from '@piste/contracts';
import { ConnectionsService } from '../connections/connections.service';
import { notBlockedEitherWay } from '../blocks/block-visibility';
import { visibleTo } from '../posts/post-visibility';
import { PostsService } from '../posts/posts.service';
import { FENCER_COLUMNS, toPublicProfile, type PublicProfileRow } from '../users/users.mapper';
import { toCompetitionRecord } from './profiles.mapper';
import { userError, UserErrorCode } from '../users/users.errors';

/**
 * `$1` is the viewer, `$2` the username; the unique index on lower(username) finds the row. Posts for the
 * fencer's connections or a club only are not counted for anyone who cannot see them: not even their number
 * leaves the circle.
 */
const VISIBLE_USER = `
  SELECT ${FENCER_COLUMNS}, u."bio", u."location", u."achievements", u."createdAt",
         CASE WHEN u."id" = $1 THEN u."postsCount"
              ELSE u."postsCount" - (SELECT count(*)::int FROM posts p
                                      WHERE p."authorId" = u."id" AND p."visibility" <> 'public'
                                        AND NOT ${visibleTo('p', '$1')})
         END AS "postsCount"
    FROM users u
   WHERE lower(u."username") = lower($2) AND ${notBlockedEitherWay('u."id"', '$1')}`;

/** Fencers' public pages: who they are, where the viewer stands with them, their record and their posts. */
@Injectable()
export class ProfilesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly connections: ConnectionsService,
    private readonly posts: PostsService,
  ) {}

  async profile(viewer: SessionUser, username: string): Promise<FencerProfile> {
    const user = await this.visibleUser(viewer, username);
    const [standing, achievementPosts] = await Promise.all([
      user.id === viewer.id
        ? { connection: 'self' as const }
        : this.connections.connectionState(viewer.id, user.id),
      this.posts.byAuthor(viewer, user.id, { limit: COMPETITION_RECORD_LIMIT, type: 'achievement' }),
    ]);
    return {
      profile: toPublicProfile(user),
      ...standing,
      record: toCompetitionRecord(achievementPosts, user.achievements ?? []),
    };
  }

  async postsOf(viewer: SessionUser, username: string, page: FencerPostsQuery): Promise<FeedPost[]> {
    const user = await this.visibleUser(viewer, username);
    return this.posts.byAuthor(viewer, user.id, page);
  }

  /** The user with this username (any case); 404 when there is none or either of the two blocked the other. */
  private async visibleUser(viewer: SessionUser, username: string): Promise<PublicProfileRow> {
    const [user] = await this.dataSource.query<PublicProfileRow[]>(VISIBLE_USER, [viewer.id, username]);
    if (!user) throw userError(UserErrorCode.NotFound);
    return user;
  }
}
