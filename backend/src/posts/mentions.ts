import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { mentionedUsernames, type ServerNotification, type SessionUser } from '@piste/contracts';
import { blockedEitherWay } from '../blocks/block-visibility';
import { nameOf } from '../notification-texts/notification-texts';
import { NotificationsService } from '../notifications/notifications.service';
import { postPreview } from './posts.mapper';
import { visibleTo } from './post-visibility';

/** Most fencers one post or comment notifies: a list of names is not a way to ping the whole club. */
const MENTIONS_MAX = 20;

/** The post or comment whose text names fencers. */
export interface MentioningItem {
  postId: string;
  /** Null for the post's own text. */
  commentId: string | null;
  text: string;
}

/** A notification stored with its cause, to deliver once the transaction commits. */
export interface PendingNotice {
  recipientId: string;
  notification: ServerNotification | null;
}

/**
 * `@username` in a post or comment (§4c): each fencer named is notified once per item — an edit that adds a name
 * notifies that fencer, one that keeps it does not — unless either blocked the other (or the post's author) or
 * they cannot see the post. The `mentions` rows are who has been told, so they stay when an edit drops a name.
 */
@Injectable()
export class Mentions {
  constructor(private readonly notifications: NotificationsService) {}

  async notify(manager: EntityManager, item: MentioningItem, actor: SessionUser): Promise<PendingNotice[]> {
    const usernames = mentionedUsernames(item.text).slice(0, MENTIONS_MAX);
    if (usernames.length === 0) return [];
    const told = await manager.query<Array<{ userId: string; authorId: string; content: string }>>(
      `WITH named AS (
         SELECT u.id FROM users u, posts p
          WHERE p.id = $1 AND lower(u."username") = ANY($3::text[]) AND u.id <> $4
            AND NOT ${blockedEitherWay('u.id', '$4::uuid')}
            AND NOT ${blockedEitherWay('u.id', 'p."authorId"')}
            AND ${visibleTo('p', 'u.id')}
       ), added AS (
         INSERT INTO mentions ("postId", "commentId", "userId")
         SELECT $1, $2::uuid, id FROM named
         ON CONFLICT DO NOTHING RETURNING "userId"
       )
       SELECT a."userId", p."authorId", p.content FROM added a, posts p WHERE p.id = $1`,
      [item.postId, item.commentId, usernames, actor.id],
    );
    const notices: PendingNotice[] = [];
    for (const { userId } of told) {
      const notification = await this.notifications.record(manager, {
        recipientId: userId,
        type: 'mention',
        actor,
        text: {
          kind: item.commentId ? 'mentioned_in_comment' : 'mentioned_in_post',
          actor: nameOf(actor),
        },
        postId: item.postId,
        postContent: postPreview(item.text),
      });
      notices.push({ recipientId: userId, notification });
    }
    return notices;
  }

  /** Sends the notifications `notify` stored; call after the commit. */
  deliver(notices: PendingNotice[]): void {
    for (const { recipientId, notification } of notices)
      this.notifications.deliver(recipientId, notification);
  }
}
