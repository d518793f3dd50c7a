import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A ban: the user may not post or comment until `bannedUntil`. */
@Entity('bans')
export class BanEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'uuid', nullable: true }) bannedBy: string | null;
  @Column({ type: 'text' }) reason: string;
  @Column({ type: 'timestamptz' }) bannedUntil: Date;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
