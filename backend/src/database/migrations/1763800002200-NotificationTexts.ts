import { MigrationInterface, QueryRunner } from 'typeorm';
import english from '../../i18n/locales/en/notifications.json';

/**
 * Notifications say what they say in their reader's language (DESIGN.md §8): a notification keeps the kind of
 * its text and the values the text needs (`params`: the actor's name, a club's name …) and is written out in the
 * reader's language when it is read, pushed or mailed. Rows stored before keep their English `message`, which
 * they go on showing; new rows leave it empty.
 */
export class NotificationTexts1763800002200 implements MigrationInterface {
  name = 'NotificationTexts1763800002200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE notifications ADD COLUMN "kind" varchar(40), ADD COLUMN "params" jsonb,
         ALTER COLUMN "message" DROP NOT NULL`,
    );
  }

  /** Back to English texts only: the rows stored as a kind get their English text written out. */
  async down(q: QueryRunner): Promise<void> {
    const rows = (await q.query(
      `SELECT "id", "kind", "params" FROM notifications WHERE "message" IS NULL`,
    )) as Array<{ id: string; kind: string; params: Record<string, string | number> | null }>;
    const texts = english as Record<string, string>;
    const messages = rows.map(({ kind, params }) =>
      (texts[kind] ?? '').replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? '')),
    );
    if (rows.length > 0) {
      await q.query(
        `UPDATE notifications n SET "message" = t."message"
           FROM unnest($1::uuid[], $2::text[]) AS t("id", "message") WHERE n."id" = t."id"`,
        [rows.map((row) => row.id), messages],
      );
    }
    await q.query(
      `ALTER TABLE notifications DROP COLUMN "kind", DROP COLUMN "params", ALTER COLUMN "message" SET NOT NULL`,
    );
  }
}
