import { randomUUID } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import {
  userRoom,
  type Conversation,
  type DirectMessage,
  type MessagesQuery,
  type ServerNotification,
  type SessionUser,
} from '@piste/contracts';
import { blockedEitherWay } from '../blocks/block-visibility';
import { assertSelf } from '../common/assert-self';
import { connectedSql } from '../connections/request-rows';
import { nameOf } from '../notification-texts/notification-texts';
import type { NotificationDraft } from '../notifications/notification-insert';
import { NotificationsService } from '../notifications/notifications.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { UsersService } from '../users/users.service';
import { ConversationEntity, MessageEntity } from './message.entities';
import { toConversation, toDirectMessage, type ConversationListRow } from './messages.mapper';
import { messageError, MessageErrorCode } from './messages.errors';
import { userError, UserErrorCode } from '../users/users.errors';
import { hasStatus } from '../common/coded-exception';

export interface SendMessageInput {
  senderId?: string;
  receiverId: string;
  content: string;
  clientId?: string;
}

export interface SentMessage {
  message: DirectMessage;
  conversationId: string;
  /** True when the clientId had been stored before: nothing new was written or published. */
  replayed: boolean;
}

/** Thrown inside the send transaction when a concurrent retry stored the same clientId first. */
class DuplicateClientId extends Error {}

/** The pair as stored: participant1Id is always the smaller id (a CHECK enforces it). */
function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

interface ConversationListSqlRow {
  id: string;
  lastMessageAt: Date | null;
  otherUserId: string;
  unreadCount: number;
  lm_id: string | null;
  lm_senderId: string;
  lm_receiverId: string;
  lm_content: string;
  lm_isRead: boolean;
  lm_clientId: string | null;
  lm_createdAt: Date;
}

@Injectable()
export class MessagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
    @InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>,
    private readonly users: UsersService,
    private readonly publisher: RealtimePublisher,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * The viewer's conversations, newest activity first, each with its last message and the viewer's unread count.
   * Two queries whatever the list's length: the conversations (last message and count via LATERAL / subquery),
   * then the other participants.
   */
  async listConversations(viewerId: string): Promise<Conversation[]> {
    const rows: ConversationListSqlRow[] = await this.dataSource.query(
      `WITH mine AS (
         SELECT c."id", c."lastMessageAt",
           CASE WHEN c."participant1Id" = $1 THEN c."participant2Id" ELSE c."participant1Id" END AS "otherUserId",
           CASE WHEN c."participant1Id" = $1 THEN c."participant1ClearedAt" ELSE c."participant2ClearedAt" END AS "clearedAt"
         FROM conversations c
         WHERE c."participant1Id" = $1 OR c."participant2Id" = $1
       )
       SELECT mine."id", mine."lastMessageAt", mine."otherUserId",
         (SELECT count(*)::int FROM messages u
            WHERE u."conversationId" = mine."id" AND u."receiverId" = $1 AND NOT u."isRead"
              AND (mine."clearedAt" IS NULL OR u."createdAt" > mine."clearedAt")) AS "unreadCount",
         lm."id" AS "lm_id", lm."senderId" AS "lm_senderId", lm."receiverId" AS "lm_receiverId",
         lm."content" AS "lm_content", lm."isRead" AS "lm_isRead", lm."clientId" AS "lm_clientId",
         lm."createdAt" AS "lm_createdAt"
       FROM mine
       LEFT JOIN LATERAL (
         SELECT m.* FROM messages m
         WHERE m."conversationId" = mine."id"
           AND (mine."clearedAt" IS NULL OR m."createdAt" > mine."clearedAt")
         ORDER BY m."createdAt" DESC, m."id" DESC
         LIMIT 1
       ) lm ON true
       WHERE mine."lastMessageAt" IS NOT NULL
         AND (mine."clearedAt" IS NULL OR mine."lastMessageAt" > mine."clearedAt")
       ORDER BY mine."lastMessageAt" DESC, mine."id" DESC`,
      [viewerId],
    );
    const others = await this.users.findByIds([...new Set(rows.map((r) => r.otherUserId))]);
    const byId = new Map(others.map((u) => [u.id, u]));
    return rows.map((row) => {
      const listRow: ConversationListRow = {
        id: row.id,
        otherUserId: row.otherUserId,
        lastMessageAt: row.lastMessageAt,
        unreadCount: Number(row.unreadCount),
        lastMessage: row.lm_id
          ? Object.assign(new MessageEntity(), {
              id: row.lm_id,
              conversationId: row.id,
              senderId: row.lm_senderId,
              receiverId: row.lm_receiverId,
              content: row.lm_content,
              isRead: row.lm_isRead,
              clientId: row.lm_clientId,
              createdAt: row.lm_createdAt,
            })
          : null,
      };
      return toConversation(listRow, byId.get(row.otherUserId));
    });
  }

  /**
   * One page of a conversation, oldest first, paged backwards from `before` (tie-broken by `beforeId`).
   * Messages from before the viewer deleted the conversation stay hidden. Reading marks what the viewer
   * received as read and tells the other participant (read receipts).
   */
  async listMessages(viewerId: string, query: MessagesQuery): Promise<DirectMessage[]> {
    const conversation = await this.getAsParticipant(viewerId, query.conversationId);
    await this.markRead(viewerId, conversation);

    const clearedAt = this.clearedAtOf(conversation, viewerId);
    const page = this.messages
      .createQueryBuilder('m')
      .where('m.conversationId = :conversationId', { conversationId: conversation.id })
      .orderBy('m.createdAt', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .limit(query.limit);
    if (clearedAt) page.andWhere('m.createdAt > :clearedAt', { clearedAt });
    if (query.before && query.beforeId) {
      page.andWhere('(m.createdAt, m.id) < (:before, :beforeId)', {
        before: query.before,
        beforeId: query.beforeId,
      });
    } else if (query.before) {
      page.andWhere('m.createdAt < :before', { before: query.before });
    }
    const newestFirst = await page.getMany();
    return newestFirst.reverse().map(toDirectMessage);
  }

  /** Marks every message the viewer received in the conversation as read. */
  async markConversationRead(
    viewerId: string,
    conversationId: string,
  ): Promise<{ conversationId: string; readAt: string }> {
    const conversation = await this.getAsParticipant(viewerId, conversationId);
    const readAt = await this.markRead(viewerId, conversation);
    return { conversationId, readAt };
  }

  /**
   * Stores a message from the session user; the conversation is created on the first message (one per pair,
   * even when both write at once). A retried clientId returns the stored message instead of a second one.
   */
  async send(sender: SessionUser, input: SendMessageInput): Promise<SentMessage> {
    assertSelf(sender, input.senderId);
    if (input.receiverId === sender.id) throw messageError(MessageErrorCode.MessageSelf);
    const clientId = input.clientId ?? null;

    let message: MessageEntity;
    let notification: ServerNotification | null;
    try {
      ({ message, notification } = await this.store(sender, input.receiverId, input.content, clientId));
    } catch (err) {
      // A retry of a message already stored is answered with it, even if sending is no longer allowed.
      if (!(err instanceof DuplicateClientId || hasStatus(err, HttpStatus.FORBIDDEN)) || !clientId) throw err;
      const stored = await this.findByClientId(sender.id, clientId);
      if (!stored) throw err;
      return this.replay(stored, input.receiverId);
    }
    const view = toDirectMessage(message);
    const payload = { message: view, conversationId: message.conversationId };
    this.publisher.publish([userRoom(input.receiverId), userRoom(sender.id)], 'message:new', payload);
    this.notifications.deliver(input.receiverId, notification);
    return { ...payload, replayed: false };
  }

  /** Removes the conversation from the viewer's list only; a later message brings it back with just the new ones. */
  async deleteForViewer(viewerId: string, conversationId: string): Promise<void> {
    const conversation = await this.getAsParticipant(viewerId, conversationId);
    const column =
      conversation.participant1Id === viewerId ? 'participant1ClearedAt' : 'participant2ClearedAt';
    await this.conversations
      .createQueryBuilder()
      .update(ConversationEntity)
      .set({ [column]: () => 'clock_timestamp()' })
      .where('id = :id', { id: conversation.id })
      .execute();
  }

  /**
   * Checks and stores in one transaction of three statements. Both users' rows are locked first (shared), so a
   * block, which locks them exclusively, lands either wholly before the check (the message is refused) or
   * after the commit; then the pair's conversation is created or its row locked, so concurrent first messages
   * share one conversation and messages of a pair are stamped in commit order; then the message is stored
   * only if the two are connected and neither blocked the other, with the receiver's notification.
   */
  private async store(
    sender: SessionUser,
    receiverId: string,
    content: string,
    clientId: string | null,
  ): Promise<{ message: MessageEntity; notification: ServerNotification | null }> {
    const senderId = sender.id;
    const [participant1Id, participant2Id] = orderedPair(senderId, receiverId);
    return this.dataSource.transaction(async (manager) => {
      const [conversation] = await manager.query<Array<{ id: string }>>(
        `WITH pair AS (SELECT "id" FROM users WHERE "id" IN ($1, $2) ORDER BY "id" FOR SHARE)
         INSERT INTO conversations ("participant1Id", "participant2Id")
         SELECT $1, $2 WHERE (SELECT count(*) FROM pair) = 2
         ON CONFLICT ("participant1Id", "participant2Id")
         DO UPDATE SET "participant1Id" = EXCLUDED."participant1Id"
         RETURNING "id"`,
        [participant1Id, participant2Id],
      );
      if (!conversation) throw userError(UserErrorCode.NotFound);
      // Chosen here, so the notification can name the message it announces (its push shows it).
      const messageId = randomUUID();
      const notice: NotificationDraft = {
        recipientId: receiverId,
        type: 'message',
        actor: sender,
        text: { kind: 'message_sent', actor: nameOf(sender) },
        conversationId: conversation.id,
        messageId,
      };
      const { row: outcome, notification } = await this.notifications.recordWith<
        MessageEntity & { allowed: boolean }
      >(manager, notice, {
        with: `allowed AS (
           SELECT ${connectedSql('$2', '$3')} AND NOT ${blockedEitherWay('$2', '$3')} AS "allowed"
         ), stored AS (
           INSERT INTO messages ("id", "conversationId", "senderId", "receiverId", "content", "clientId", "createdAt")
           SELECT $6, $1, $2, $3, $4, $5, date_trunc('milliseconds', clock_timestamp()) FROM allowed WHERE "allowed"
           ON CONFLICT ("senderId", "clientId") WHERE "clientId" IS NOT NULL DO NOTHING
           RETURNING *
         ), touched AS (
           UPDATE conversations c
              SET "lastMessageAt" = GREATEST(COALESCE(c."lastMessageAt", s."createdAt"), s."createdAt")
             FROM stored s WHERE c."id" = s."conversationId"
         )`,
        select: `SELECT allowed."allowed", stored.* FROM allowed LEFT JOIN stored ON true`,
        params: [conversation.id, senderId, receiverId, content, clientId, messageId],
        when: 'EXISTS (SELECT 1 FROM stored)',
      });
      if (!outcome?.allowed) throw messageError(MessageErrorCode.CannotMessage);
      if (!outcome.id) throw new DuplicateClientId();
      const { allowed: _allowed, ...row } = outcome;
      void _allowed;
      return { message: Object.assign(new MessageEntity(), row), notification };
    });
  }

  private findByClientId(senderId: string, clientId: string): Promise<MessageEntity | null> {
    return this.messages.findOne({ where: { senderId, clientId } });
  }

  private replay(stored: MessageEntity, receiverId: string): SentMessage {
    if (stored.receiverId !== receiverId) {
      throw messageError(MessageErrorCode.ClientIdReused);
    }
    return { message: toDirectMessage(stored), conversationId: stored.conversationId, replayed: true };
  }

  /**
   * A message its sender or receiver asks about (to report it); anyone else gets 404 `Message not found`, as if
   * there were none.
   */
  async findForParticipant(viewerId: string, messageId: string): Promise<MessageEntity> {
    const message = await this.messages.findOne({ where: { id: messageId } });
    if (!message || (message.senderId !== viewerId && message.receiverId !== viewerId)) {
      throw messageError(MessageErrorCode.NotFound);
    }
    return message;
  }

  private async getAsParticipant(viewerId: string, conversationId: string): Promise<ConversationEntity> {
    const conversation = await this.conversations.findOne({ where: { id: conversationId } });
    if (!conversation) throw messageError(MessageErrorCode.ConversationNotFound);
    if (conversation.participant1Id !== viewerId && conversation.participant2Id !== viewerId) {
      throw messageError(MessageErrorCode.NotParticipant);
    }
    return conversation;
  }

  private clearedAtOf(conversation: ConversationEntity, viewerId: string): Date | null {
    return conversation.participant1Id === viewerId
      ? conversation.participant1ClearedAt
      : conversation.participant2ClearedAt;
  }

  /** Marks the viewer's received messages read; tells both participants when anything changed. */
  private async markRead(viewerId: string, conversation: ConversationEntity): Promise<string> {
    const result = await this.messages
      .createQueryBuilder()
      .update(MessageEntity)
      .set({ isRead: true })
      .where('"conversationId" = :conversationId AND "receiverId" = :viewerId AND NOT "isRead"', {
        conversationId: conversation.id,
        viewerId,
      })
      .execute();
    const readAt = new Date().toISOString();
    if (result.affected) {
      const otherId =
        conversation.participant1Id === viewerId ? conversation.participant2Id : conversation.participant1Id;
      // The reader's own other tabs clear their unread count too.
      this.publisher.publish([userRoom(otherId), userRoom(viewerId)], 'message:read', {
        conversationId: conversation.id,
        readerId: viewerId,
        readAt,
      });
    }
    return readAt;
  }
}
