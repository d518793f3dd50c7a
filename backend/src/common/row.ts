import { CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/** What every table but upload_tickets starts with: a uuid primary key and when the row was created. */
export abstract class Row {
  @PrimaryGeneratedColumn('uuid') id: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
