import { Column, Entity } from 'typeorm';
import type {
  AchievementDetails,
  DrillDetails,
  MediaType,
  PostType,
  PostVisibility,
  Weapon,
} from '@piste/contracts';
import { UserEntity, UserRef } from '../users/user.entity';
import { Row } from '../common/row';

@Entity('posts')
export class PostEntity extends Row {
  @Column({ type: 'uuid' }) authorId: string;
  @UserRef('authorId') author?: UserEntity;
  @Column({ type: 'text' }) content: string;
  @Column({ type: 'varchar', default: 'general' }) type: PostType;
  @Column({ type: 'varchar' }) weapon: Weapon;
  @Column({ type: 'varchar', nullable: true }) authorRole: string | null;
  @Column({ type: 'text', nullable: true }) mediaUrl: string | null;
  @Column({ type: 'varchar', nullable: true }) mediaType: MediaType | null;
  /** An image's size as shown, and its display version (see ObjectsService); null for videos and older posts. */
  @Column({ type: 'int', nullable: true }) mediaWidth: number | null;
  @Column({ type: 'int', nullable: true }) mediaHeight: number | null;
  @Column({ type: 'text', nullable: true }) mediaDisplayUrl: string | null;
  @Column({ type: 'int', nullable: true }) mediaDisplayWidth: number | null;
  @Column({ type: 'int', nullable: true }) mediaDisplayHeight: number | null;
  /** A video's poster frame (an image the author uploaded with it); null for images and videos without one. */
  @Column({ type: 'text', nullable: true }) mediaPosterUrl: string | null;
  @Column({ type: 'jsonb', nullable: true }) drillDetails: DrillDetails | null;
  @Column({ type: 'jsonb', nullable: true }) achievementDetails: AchievementDetails | null;
  @Column({ type: 'int', default: 0 }) likesCount: number;
  @Column({ type: 'int', default: 0 }) dislikesCount: number;
  @Column({ type: 'int', default: 0 }) commentsCount: number;
  @Column({ type: 'int', default: 0 }) sharesCount: number;
  @Column({ type: 'int', default: 0 }) savesCount: number;
  /** Who sees it: everyone, the author's connections only (§4c), or its club's members (§4d). */
  @Column({ type: 'varchar', default: 'public' }) visibility: PostVisibility;
  /** The club it was posted to (§4d); null when none, or when the club is gone. */
  @Column({ type: 'uuid', nullable: true }) clubId: string | null;
  /** The image's description for screen readers. */
  @Column({ type: 'text', nullable: true }) mediaAlt: string | null;
  /** When the author last edited it. */
  @Column({ type: 'timestamptz', nullable: true }) editedAt: Date | null;
}
