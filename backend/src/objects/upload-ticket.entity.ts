import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A single-use, expiring permission to PUT one file. */
@Entity('upload_tickets')
export class UploadTicketEntity {
  @PrimaryColumn({ type: 'varchar' }) token: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'varchar' }) purpose: 'post' | 'avatar';
  @Column({ type: 'text' }) objectPath: string;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
