import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscriptionPayload } from '@piste/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { endpointHostRefusal } from './push-endpoint';

/**
 * The browsers a user receives push messages on. An endpoint belongs to one user: the same browser registering it
 * again while signed in as someone else hands it over (the browser has one subscription per app, whoever is signed
 * in). A user keeps the PUSH_SUBSCRIPTIONS_MAX most recently registered; an older one is dropped.
 */
@Injectable()
export class PushSubscriptionsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async subscribe(userId: string, { endpoint, keys }: PushSubscriptionPayload): Promise<void> {
    if (!this.config.push.allowPrivateEndpoints) {
      const refusal = endpointHostRefusal(endpoint);
      if (refusal) throw new BadRequestException(refusal);
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO push_subscriptions ("userId", "endpoint", "p256dh", "auth") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("endpoint") DO UPDATE
           SET "userId" = EXCLUDED."userId", "p256dh" = EXCLUDED."p256dh", "auth" = EXCLUDED."auth",
               "updatedAt" = now()`,
        [userId, endpoint, keys.p256dh, keys.auth],
      );
      await manager.query(
        `WITH dropped AS (
           DELETE FROM push_subscriptions WHERE "id" IN (
             SELECT "id" FROM push_subscriptions WHERE "userId" = $1
              ORDER BY "updatedAt" DESC, "id" DESC OFFSET $2
           ) RETURNING "id"
         ) SELECT count(*) FROM dropped`,
        [userId, PUSH_SUBSCRIPTIONS_MAX],
      );
    });
  }

  /** Removes the user's own subscription of this endpoint; nothing happens when they have none (or it is another's). */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.dataSource.query(
      `WITH gone AS (DELETE FROM push_subscriptions WHERE "endpoint" = $1 AND "userId" = $2 RETURNING "id")
       SELECT count(*) FROM gone`,
      [endpoint, userId],
    );
  }
}
