import { Column, Entity } from 'typeorm';
import type { FriendRequestStatus } from '@piste/contracts';
import { UserEntity, UserRef } from '../users/user.entity';
import { Row } from '../common/row';

@Entity('friend_requests')
export class FriendRequestEntity extends Row {
  @Column({ type: 'uuid' }) senderId: string;
  @UserRef('senderId') sender?: UserEntity;
  @Column({ type: 'uuid' }) receiverId: string;
  @UserRef('receiverId') receiver?: UserEntity;
  @Column({ type: 'varchar', default: 'pending' }) status: FriendRequestStatus;
}

@Entity('follows')
export class FollowEntity extends Row {
  @Column({ type: 'uuid' }) followerId: string;
  @Column({ type: 'uuid' }) followingId: string;
}

@Entity('blocked_users')
export class BlockedUserEntity extends Row {
  @Column({ type: 'uuid' }) blockerId: string;
  @Column({ type: 'uuid' }) blockedId: string;
}
