import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

@Entity('comments')
export class CommentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) postId: string;
  @Column({ type: 'uuid' }) authorId: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'authorId' })
  author?: UserEntity;
  @Column({ type: 'text' }) content: string;
  @Column({ type: 'uuid', nullable: true }) parentId: string | null;
  @Column({ type: 'int', default: 0 }) likesCount: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

@Entity('comment_likes')
export class CommentLikeEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'uuid' }) commentId: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
