import { Column, Entity } from 'typeorm';
import type { AuditAction, ReportCategory, ReportStatus, ReportTargetType, Weapon } from '@piste/contracts';
import { Row } from '../common/row';

/**
 * What a reported fencer's profile, a comment or a message showed beyond its text, kept with the report: a
 * comment's post and author's name, a message's sender's name and time, a fencer's profile summary (their bio is
 * the report's text).
 */
export interface ReportTargetSnapshot {
  /** A comment's post. */
  postId?: string;
  /** Who wrote the comment or sent the message. */
  authorName?: string | null;
  /** When the message was sent (ISO). */
  sentAt?: string;
  username?: string | null;
  name?: string | null;
  avatar?: string | null;
  title?: string | null;
  role?: string | null;
  weaponSpecialty?: Weapon | null;
}

/**
 * A report of a post, a comment, a direct message or a fencer (the table keeps the spec's name). It keeps a
 * snapshot of what was reported, so it outlives it: the text in `postContent` whatever the type, a post's author
 * in `postAuthorId` / `postAuthorName` as the spec's post reports always did, the rest in `targetSnapshot`;
 * `postDeleted` says that what was reported is gone.
 */
@Entity('reported_posts')
export class ReportedPostEntity extends Row {
  @Column({ type: 'varchar', default: 'post' }) targetType: ReportTargetType;
  /** Null once a reported fencer's account is deleted. */
  @Column({ type: 'uuid', nullable: true }) targetId: string | null;
  /** The person the report is against, for every type; null once their account is deleted. */
  @Column({ type: 'uuid', nullable: true }) targetUserId: string | null;
  /** The category of a report with one; the spec's post reports have only their free-text reason. */
  @Column({ type: 'varchar', nullable: true }) category: ReportCategory | null;
  @Column({ type: 'jsonb', default: {} }) targetSnapshot: ReportTargetSnapshot;
  /** The reported post (post reports only). */
  @Column({ type: 'uuid', nullable: true }) postId: string | null;
  @Column({ type: 'uuid', nullable: true }) reporterId: string | null;
  @Column({ type: 'text' }) reason: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'varchar', default: 'pending' }) status: ReportStatus;
  @Column({ type: 'uuid', nullable: true }) reviewedBy: string | null;
  @Column({ type: 'timestamptz', nullable: true }) reviewedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) resolvedAt: Date | null;
  @Column({ type: 'text', default: '' }) postContent: string;
  @Column({ type: 'uuid', nullable: true }) postAuthorId: string | null;
  @Column({ type: 'varchar', nullable: true }) postAuthorName: string | null;
  @Column({ type: 'boolean', default: false }) postDeleted: boolean;
}

/**
 * The audit trail: every moderation and administration action with who, to whom, why and when (the admin pages
 * read it, `backend/src/admin-users/`).
 */
@Entity('moderation_actions')
export class ModerationActionEntity extends Row {
  @Column({ type: 'uuid', nullable: true }) reportId: string | null;
  @Column({ type: 'varchar' }) action: AuditAction;
  @Column({ type: 'uuid', nullable: true }) actorId: string | null;
  /** The account acted on: a report's target, the banned, suspended or deleted account. */
  @Column({ type: 'uuid', nullable: true }) targetUserId: string | null;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ type: 'text', nullable: true }) detail: string | null;
}
