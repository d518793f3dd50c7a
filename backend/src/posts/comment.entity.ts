import { Column, Entity } from 'typeorm';
import { UserEntity, UserRef } from '../users/user.entity';
import { Row } from '../common/row';

@Entity('comments')
export class CommentEntity extends Row {
  @Column({ type: 'uuid' }) postId: string;
  @Column({ type: 'uuid' }) authorId: string;
  @UserRef('authorId') author?: UserEntity;
  @Column({ type: 'text' }) content: string;
  @Column({ type: 'uuid', nullable: true }) parentId: string | null;
  @Column({ type: 'int', default: 0 }) likesCount: number;
  /** When the author last edited it. */
  @Column({ type: 'timestamptz', nullable: true }) editedAt: Date | null;
}

@Entity('comment_likes')
export class CommentLikeEntity extends Row {
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'uuid' }) commentId: string;
}
