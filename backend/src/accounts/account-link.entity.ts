import { Column, Entity } from 'typeorm';
import type { AccountLinkPurpose } from '@piste/contracts';
import { Row } from '../common/row';
import { UserRef, type UserEntity } from '../users/user.entity';

/**
 * A link mailed to a user (reset a password, verify or change an email address). Only the SHA-256 of its token is
 * kept, so the table cannot be used to sign in; a link works once and until `expiresAt`.
 */
@Entity('account_links')
export class AccountLinkEntity extends Row {
  @Column({ type: 'uuid' }) userId: string;
  @UserRef('userId') user?: UserEntity;
  @Column({ type: 'varchar' }) purpose: AccountLinkPurpose;
  @Column({ type: 'varchar' }) tokenHash: string;
  /** The address the link was mailed to: the one to verify, or the new one to change to. */
  @Column({ type: 'varchar' }) email: string;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
}
