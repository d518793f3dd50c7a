import { Column, Entity } from 'typeorm';
import type { ExportStatus } from '@piste/contracts';
import { Row } from '../common/row';
import { UserRef, type UserEntity } from '../users/user.entity';

/** One export of a user's data: pending while a job builds the archive, then ready until it expires. */
@Entity('account_exports')
export class AccountExportEntity extends Row {
  @Column({ type: 'uuid' }) userId: string;
  @UserRef('userId') user?: UserEntity;
  @Column({ type: 'varchar', default: 'pending' }) status: ExportStatus;
  /** The archive in the object store (never served from /objects); null until ready and once expired. */
  @Column({ type: 'varchar', nullable: true }) objectKey: string | null;
  /** Bytes (bigint comes back from pg as a string). */
  @Column({ type: 'bigint', nullable: true }) size: string | null;
  @Column({ type: 'timestamptz', nullable: true }) readyAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) expiresAt: Date | null;
}
