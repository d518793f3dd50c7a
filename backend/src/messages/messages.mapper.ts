import type { Conversation, DirectMessage } from '@piste/contracts';
import type { UserEntity } from '../users/user.entity';
import type { MessageEntity } from './message.entities';

export function toDirectMessage(message: MessageEntity): DirectMessage {
  return {
    id: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
    receiverId: message.receiverId,
    content: message.content,
    isRead: message.isRead,
    clientId: message.clientId,
    createdAt: message.createdAt.toISOString(),
  };
}

/** A row of the viewer's conversation list, before the other participant is attached. */
export interface ConversationListRow {
  id: string;
  otherUserId: string;
  lastMessageAt: Date | null;
  lastMessage: MessageEntity | null;
  unreadCount: number;
}

export function toConversation(
  row: ConversationListRow,
  otherUser: Pick<UserEntity, 'id' | 'name' | 'avatar' | 'weaponSpecialty' | 'role'> | undefined,
): Conversation {
  return {
    id: row.id,
    otherUser: {
      id: row.otherUserId,
      name: otherUser?.name ?? null,
      avatar: otherUser?.avatar ?? null,
      weaponSpecialty: otherUser?.weaponSpecialty ?? null,
      role: otherUser?.role ?? 'student',
    },
    lastMessageAt: row.lastMessageAt ? row.lastMessageAt.toISOString() : null,
    lastMessage: row.lastMessage ? toDirectMessage(row.lastMessage) : null,
    unreadCount: row.unreadCount,
  };
}
