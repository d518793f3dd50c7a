import { Column, Entity } from 'typeorm';
import { Row } from '../common/row';

/** A ban: the user may not post or comment until `bannedUntil`, unless an admin lifts it earlier (`liftedAt`). */
@Entity('bans')
export class BanEntity extends Row {
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'uuid', nullable: true }) bannedBy: string | null;
  @Column({ type: 'text' }) reason: string;
  @Column({ type: 'timestamptz' }) bannedUntil: Date;
  @Column({ type: 'timestamptz', nullable: true }) liftedAt: Date | null;
  @Column({ type: 'uuid', nullable: true }) liftedBy: string | null;
}
