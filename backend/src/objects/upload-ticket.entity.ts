import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { UploadPurpose } from '@piste/contracts';

/** A single-use, expiring permission to PUT one file; after the upload it records what was stored. */
@Entity('upload_tickets')
export class UploadTicketEntity {
  @PrimaryColumn({ type: 'varchar' }) token: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'varchar' }) purpose: UploadPurpose;
  @Column({ type: 'text' }) objectPath: string;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  /** Set when an upload claims the ticket, whether or not the file is then accepted. */
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  /** Declared when the ticket is issued (may be null for avatars); the real type once stored. */
  @Column({ type: 'varchar', nullable: true }) contentType: string | null;
  /** The size the upload request declared, if any: a larger file is refused (bigint: a string from pg). */
  @Column({ type: 'bigint', nullable: true }) declaredSize: string | null;
  /** Bytes stored (bigint comes back from pg as a string). */
  @Column({ type: 'bigint', nullable: true }) size: string | null;
  /** A post image's size as shown (EXIF orientation applied). */
  @Column({ type: 'int', nullable: true }) width: number | null;
  @Column({ type: 'int', nullable: true }) height: number | null;
  /** A post image's display version, stored beside it (none for animations). */
  @Column({ type: 'text', nullable: true }) displayPath: string | null;
  @Column({ type: 'int', nullable: true }) displayWidth: number | null;
  @Column({ type: 'int', nullable: true }) displayHeight: number | null;
  /** Set once the file is stored and checked: only then may a post or profile refer to it. */
  @Column({ type: 'timestamptz', nullable: true }) storedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
