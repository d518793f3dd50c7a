import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BlockedUserEntity, FriendRequestEntity } from './connection.entities';

@Injectable()
export class ConnectionsService {
  constructor(
    @InjectRepository(FriendRequestEntity) private readonly requests: Repository<FriendRequestEntity>,
    @InjectRepository(BlockedUserEntity) private readonly blocks: Repository<BlockedUserEntity>,
  ) {}

  /** True when the two users have an accepted connection (in either direction). */
  async areConnected(a: string, b: string): Promise<boolean> {
    const count = await this.requests
      .createQueryBuilder('r')
      .where('r.status = :status', { status: 'accepted' })
      .andWhere(
        '((r.senderId = :a AND r.receiverId = :b) OR (r.senderId = :b AND r.receiverId = :a))',
        { a, b },
      )
      .getCount();
    return count > 0;
  }

  /** True when either user has blocked the other. */
  async isBlockedEitherWay(a: string, b: string): Promise<boolean> {
    const count = await this.blocks
      .createQueryBuilder('x')
      .where('(x.blockerId = :a AND x.blockedId = :b) OR (x.blockerId = :b AND x.blockedId = :a)', { a, b })
      .getCount();
    return count > 0;
  }
}
