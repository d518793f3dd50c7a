import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications kept on the server, so one made while the recipient had no tab open is there when they come
 * back, and reading or deleting one follows them to every browser. The actor's name and avatar are copied as
 * they were, like the text; the actor, post, conversation and request are kept as ids so a notification
 * outlives what it points at (the link then leads to a not-found page).
 */
export class Notifications1763800000700 implements MigrationInterface {
  name = 'Notifications1763800000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "recipientId" uuid NOT NULL REFERENCES users("id") ON DELETE CASCADE,
        "type" varchar(20) NOT NULL,
        "actorId" uuid REFERENCES users("id") ON DELETE SET NULL,
        "actorName" varchar(255),
        "actorAvatar" text,
        "message" text NOT NULL,
        "postId" uuid,
        "postContent" text,
        "conversationId" uuid,
        "requestId" uuid,
        "readAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(
      `CREATE INDEX notifications_recipient_idx ON notifications ("recipientId", "createdAt" DESC, "id" DESC)`,
    );
    await q.query(
      `CREATE INDEX notifications_unread_idx ON notifications ("recipientId") WHERE "readAt" IS NULL`,
    );
    await q.query(`CREATE INDEX notifications_actor_idx ON notifications ("actorId")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notifications`);
  }
}
