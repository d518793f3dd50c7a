import { Column, Entity, UpdateDateColumn } from 'typeorm';
import { Row } from '../common/row';

/**
 * A browser subscribed to web push for a user: its endpoint on the push service (one user's at a time) and the
 * keys that encrypt what is sent there. `updatedAt` is the last time the browser registered it. Deleted with its
 * user (ON DELETE CASCADE).
 */
@Entity('push_subscriptions')
export class PushSubscriptionEntity extends Row {
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'text' }) endpoint: string;
  @Column({ type: 'varchar' }) p256dh: string;
  @Column({ type: 'varchar' }) auth: string;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
