import { Column, Entity } from 'typeorm';
import { Row } from '../common/row';

/** One conversation per pair of users; participant1Id is always the smaller id. */
@Entity('conversations')
export class ConversationEntity extends Row {
  @Column({ type: 'uuid' }) participant1Id: string;
  @Column({ type: 'uuid' }) participant2Id: string;
  @Column({ type: 'timestamptz', nullable: true }) lastMessageAt: Date | null;
  /** When a participant deleted the conversation from their list; older messages stay hidden from them. */
  @Column({ type: 'timestamptz', nullable: true }) participant1ClearedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) participant2ClearedAt: Date | null;
}

@Entity('messages')
export class MessageEntity extends Row {
  @Column({ type: 'uuid' }) conversationId: string;
  @Column({ type: 'uuid' }) senderId: string;
  @Column({ type: 'uuid' }) receiverId: string;
  @Column({ type: 'text' }) content: string;
  @Column({ type: 'boolean', default: false }) isRead: boolean;
  @Column({ type: 'uuid', nullable: true }) clientId: string | null;
}
