import { Column, Entity } from 'typeorm';
import type { ReportStatus } from '@piste/contracts';
import { Row } from '../common/row';

/** A report keeps the post id and a snapshot of the post, so it outlives the post. */
@Entity('reported_posts')
export class ReportedPostEntity extends Row {
  @Column({ type: 'uuid' }) postId: string;
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

/** The audit trail: every moderation action with who and when. */
@Entity('moderation_actions')
export class ModerationActionEntity extends Row {
  @Column({ type: 'uuid', nullable: true }) reportId: string | null;
  @Column({ type: 'varchar' }) action: 'dismiss' | 'resolve' | 'delete' | 'ban';
  @Column({ type: 'uuid', nullable: true }) actorId: string | null;
  @Column({ type: 'text', nullable: true }) detail: string | null;
}
