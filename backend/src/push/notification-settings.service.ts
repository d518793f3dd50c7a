import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_SETTING_TYPES,
  type NotificationSettings,
  type UpdateNotificationSettings,
} from '@piste/contracts';

/** The user's choices over the defaults: a type or channel they never touched follows the default. */
export function resolveSettings(chosen: UpdateNotificationSettings | null | undefined): NotificationSettings {
  const settings = {} as NotificationSettings;
  for (const type of NOTIFICATION_SETTING_TYPES) {
    settings[type] = { ...DEFAULT_NOTIFICATION_SETTINGS[type], ...chosen?.[type] };
  }
  return settings;
}

/**
 * Settings → Notifications: per type, whether it is pushed and whether it is mailed when left unread. Only what the
 * user chose is stored (jsonb), merged into what they chose before, so two tabs changing different switches at
 * once both keep their change.
 */
@Injectable()
export class NotificationSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(userId: string, manager: EntityManager = this.dataSource.manager): Promise<NotificationSettings> {
    const [row] = await manager.query<{ settings: UpdateNotificationSettings }[]>(
      `SELECT "settings" FROM notification_settings WHERE "userId" = $1`,
      [userId],
    );
    return resolveSettings(row?.settings);
  }

  async update(userId: string, changes: UpdateNotificationSettings): Promise<NotificationSettings> {
    const [row] = await this.dataSource.query<{ settings: UpdateNotificationSettings }[]>(
      `INSERT INTO notification_settings ("userId", "settings") VALUES ($1, $2::jsonb)
       ON CONFLICT ("userId") DO UPDATE SET
         "settings" = notification_settings."settings" || (
           SELECT coalesce(jsonb_object_agg(
                    changed.key, coalesce(notification_settings."settings" -> changed.key, '{}'::jsonb) || changed.value
                  ), '{}'::jsonb)
             FROM jsonb_each(EXCLUDED."settings") changed),
         "updatedAt" = now()
       RETURNING "settings"`,
      [userId, JSON.stringify(changes)],
    );
    return resolveSettings(row?.settings);
  }
}
