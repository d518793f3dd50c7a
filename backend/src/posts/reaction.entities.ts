import { Column, Entity } from 'typeorm';
import { Row } from '../common/row';

/** likes, dislikes, saves and hidden_posts share one shape: a user and a post. */
abstract class UserPostRow extends Row {
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'uuid' }) postId: string;
}

@Entity('likes')
export class LikeEntity extends UserPostRow {}

@Entity('dislikes')
export class DislikeEntity extends UserPostRow {}

@Entity('saves')
export class SaveEntity extends UserPostRow {}

@Entity('hidden_posts')
export class HiddenPostEntity extends UserPostRow {}
