import { applyDecorators } from '@nestjs/common';
import { Column, Entity, JoinColumn, ManyToOne, UpdateDateColumn } from 'typeorm';
import type { Language, Rating, RecordVisibility, Weapon } from '@piste/contracts';
import { Row } from '../common/row';

@Entity('users')
export class UserEntity extends Row {
  @Column({ type: 'varchar' }) username: string;
  @Column({ type: 'varchar' }) email: string;
  @Column({ type: 'text', select: false }) password: string;
  @Column({ type: 'varchar', nullable: true }) firstName: string | null;
  @Column({ type: 'varchar', nullable: true }) lastName: string | null;
  @Column({ type: 'text', nullable: true }) profileImageUrl: string | null;
  @Column({ type: 'varchar', nullable: true }) name: string | null;
  @Column({ type: 'text', nullable: true }) avatar: string | null;
  @Column({ type: 'text', nullable: true }) bio: string | null;
  @Column({ type: 'varchar', nullable: true }) weaponSpecialty: Weapon | null;
  @Column({ type: 'varchar', default: 'student' }) role: string;
  @Column({ type: 'varchar', nullable: true }) title: string | null;
  @Column({ type: 'varchar', nullable: true }) location: string | null;
  @Column({ type: 'jsonb', default: () => "'[]'" }) achievements: string[];
  @Column({ type: 'int', default: 0 }) followersCount: number;
  @Column({ type: 'int', default: 0 }) followingCount: number;
  @Column({ type: 'int', default: 0 }) postsCount: number;
  @Column({ type: 'boolean', default: false }) isAdmin: boolean;
  /** Ratings per weapon, the first shown beside the name (§4d), and who sees the record. */
  @Column({ type: 'jsonb', default: () => "'[]'" }) ratings: Rating[];
  /** The first rating's label while everyone may see the record; null otherwise. */
  @Column({ type: 'varchar', nullable: true }) ratingLabel: string | null;
  @Column({ type: 'varchar', default: 'everyone' }) recordVisibility: RecordVisibility;
  /** When the user followed the link mailed to their current address; null until then. */
  @Column({ type: 'timestamptz', nullable: true }) emailVerifiedAt: Date | null;
  /** When the user asked for their account to be deleted: from then on it cannot sign in, until it is gone. */
  @Column({ type: 'timestamptz', nullable: true }) deletionRequestedAt: Date | null;
  /** When an admin suspended the account: it cannot sign in, and its sessions ended, until it is unsuspended. */
  @Column({ type: 'timestamptz', nullable: true }) suspendedAt: Date | null;
  @Column({ type: 'text', nullable: true }) suspendedReason: string | null;
  /** The last sign-in, or the last refresh of one of the account's sessions (at most every few minutes). */
  @Column({ type: 'timestamptz', nullable: true }) lastActiveAt: Date | null;
  /** The language chosen in settings; null: the browser's (DESIGN.md §8). */
  @Column({ type: 'varchar', nullable: true }) language: Language | null;
  /** The best match of the `Accept-Language` last seen from the user: mail and push use it while `language` is null. */
  @Column({ type: 'varchar', nullable: true }) browserLanguage: Language | null;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

/**
 * The user a row belongs to, loaded through its `{column}` uuid: `@UserRef('authorId') author?: UserEntity`.
 * Deleting the user deletes the row (the migrations' ON DELETE CASCADE).
 */
export const UserRef = (column: string): PropertyDecorator =>
  applyDecorators(
    ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }),
    JoinColumn({ name: column }),
  );
