import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { UpdateNotificationSettings } from '@piste/contracts';

/**
 * A user's choices of what is pushed and mailed, as they changed them from the defaults (a user who never did has
 * no row), and the state of their hourly mail of unread notifications. Deleted with the user (ON DELETE CASCADE).
 */
@Entity('notification_settings')
export class NotificationSettingsEntity {
  @PrimaryColumn({ type: 'uuid' }) userId: string;
  /** The choices the user made; a type or channel they never touched follows DEFAULT_NOTIFICATION_SETTINGS. */
  @Column({ type: 'jsonb', default: () => "'{}'" }) settings: UpdateNotificationSettings;
  /** When the pending mail of unread notifications runs; null while none is pending. */
  @Column({ type: 'timestamptz', nullable: true }) digestAt: Date | null;
  /** When the last such mail went out: the next waits an hour from it. */
  @Column({ type: 'timestamptz', nullable: true }) lastDigestAt: Date | null;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
