import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications reaching people outside the app: the browsers each fencer subscribed to web push (an endpoint
 * belongs to one user), their choice per type of what is pushed or mailed, with the state of the hourly mail of
 * unread notifications, the VAPID key pair generated once when none is configured (one row, shared by every
 * replica), and on each notification when it is due to be mailed if still unread and, for a direct message, which
 * message it announces (its push shows the message).
 */
export class Push1763800001100 implements MigrationInterface {
  name = 'Push1763800001100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE push_subscriptions (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "endpoint" text NOT NULL UNIQUE,
        "p256dh" varchar NOT NULL,
        "auth" varchar NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions ("userId", "updatedAt")`);
    await q.query(`
      CREATE TABLE notification_settings (
        "userId" uuid NOT NULL PRIMARY KEY REFERENCES users ("id") ON DELETE CASCADE,
        "settings" jsonb NOT NULL DEFAULT '{}',
        "digestAt" timestamptz,
        "lastDigestAt" timestamptz,
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE push_vapid_keys (
        "id" smallint NOT NULL DEFAULT 1 PRIMARY KEY CHECK ("id" = 1),
        "publicKey" text NOT NULL,
        "privateKey" text NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `ALTER TABLE notifications ADD COLUMN "emailDueAt" timestamptz, ADD COLUMN "messageId" uuid`,
    );
    await q.query(
      `CREATE INDEX notifications_email_due_idx ON notifications ("recipientId", "emailDueAt")
        WHERE "emailDueAt" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX notifications_email_due_idx`);
    await q.query(`ALTER TABLE notifications DROP COLUMN "emailDueAt", DROP COLUMN "messageId"`);
    await q.query(`DROP TABLE push_vapid_keys`);
    await q.query(`DROP TABLE notification_settings`);
    await q.query(`DROP TABLE push_subscriptions`);
  }
}
