import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** likes, dislikes, saves and hidden_posts share one shape: a user and a post. */
abstract class UserPostRow {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'uuid' }) postId: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

@Entity('likes')
export class LikeEntity extends UserPostRow {}

@Entity('dislikes')
export class DislikeEntity extends UserPostRow {}

@Entity('saves')
export class SaveEntity extends UserPostRow {}

@Entity('hidden_posts')
export class HiddenPostEntity extends UserPostRow {}
