import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { generateVAPIDKeys, type VapidKeys as VapidKeyPair } from 'web-push';
import { APP_CONFIG, type AppConfig } from '../config/config';

export type { VapidKeyPair };

/**
 * The application server's VAPID key pair, which browsers subscribe with and push messages are signed with. From
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise the pair kept in the database, which the first replica
 * that needs one generates: every replica stores its candidate with ON CONFLICT DO NOTHING and reads back the one
 * that won, so all of them sign with the same pair, and a restart keeps it (subscriptions stay valid).
 */
@Injectable()
export class VapidKeys {
  private stored: Promise<VapidKeyPair> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  get(): Promise<VapidKeyPair> {
    if (this.config.push.vapidKeys) return Promise.resolve(this.config.push.vapidKeys);
    this.stored ??= this.loadOrCreate().catch((err: unknown) => {
      this.stored = undefined;
      throw err;
    });
    return this.stored;
  }

  private async loadOrCreate(): Promise<VapidKeyPair> {
    const existing = await this.load();
    if (existing) return existing;
    const candidate = generateVAPIDKeys();
    await this.dataSource.query(
      `INSERT INTO push_vapid_keys ("id", "publicKey", "privateKey") VALUES (1, $1, $2) ON CONFLICT ("id") DO NOTHING`,
      [candidate.publicKey, candidate.privateKey],
    );
    const stored = await this.load();
    if (!stored) throw new Error('The VAPID key pair could not be stored');
    return stored;
  }

  private async load(): Promise<VapidKeyPair | undefined> {
    const [row] = await this.dataSource.query<VapidKeyPair[]>(
      `SELECT "publicKey", "privateKey" FROM push_vapid_keys WHERE "id" = 1`,
    );
    return row;
  }
}
