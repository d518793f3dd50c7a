import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { FriendRequestStatus } from '@piste/contracts';
import { UserEntity } from '../users/user.entity';

@Entity('friend_requests')
export class FriendRequestEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) senderId: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'senderId' })
  sender?: UserEntity;
  @Column({ type: 'uuid' }) receiverId: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'receiverId' })
  receiver?: UserEntity;
  @Column({ type: 'varchar', default: 'pending' }) status: FriendRequestStatus;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

@Entity('follows')
export class FollowEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) followerId: string;
  @Column({ type: 'uuid' }) followingId: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

@Entity('blocked_users')
export class BlockedUserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) blockerId: string;
  @Column({ type: 'uuid' }) blockedId: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
