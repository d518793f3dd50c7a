import { MigrationInterface, QueryRunner } from 'typeorm';
import english from '../../i18n/locales/en/notifications.json';

/**
 * The English texts notifications were stored as, by the type they were stored with: the kind each is, whether
 * it starts with the actor's name, the pattern of the rest and the values its groups are.
 */
const OLD_TEXTS: Array<[type: string, kind: string, withActor: boolean, pattern: string, names: string[]]> = [
  ['like', 'post_liked', true, '^ liked your post$', []],
  ['other', 'post_disliked', true, '^ disliked your post$', []],
  ['comment', 'post_commented', true, '^ commented on your post$', []],
  ['mention', 'mentioned_in_post', true, '^ mentioned you in a post$', []],
  ['mention', 'mentioned_in_comment', true, '^ mentioned you in a comment$', []],
  ['message', 'message_sent', true, '^ sent you a message$', []],
  ['follow', 'connection_requested', true, '^ sent you a connection request$', []],
  ['follow', 'connection_accepted', true, '^ accepted your connection request$', []],
  ['event', 'event_going', true, '^ is going to (.*)$', ['event']],
  ['club', 'club_join_asked', true, '^ asks to join (.*)$', ['club']],
  ['club', 'club_handed_over', true, '^ handed (.*) over to you$', ['club']],
  ['club', 'club_joined', false, '^You are now a member of (.*)$', ['club']],
  ['club', 'club_made_admin', false, '^You are now an admin of (.*)$', ['club']],
  ['club', 'club_made_coach', false, '^You are now a coach of (.*)$', ['club']],
  [
    'bout',
    'bout_logged',
    true,
    '^ logged a bout against you \\((\\d+)–(\\d+)\\): confirm or dispute it$',
    ['yours', 'theirs'],
  ],
  ['bout', 'bout_confirmed', true, '^ confirmed your bout$', []],
  ['bout', 'bout_disputed', true, '^ disputed your bout$', []],
  ['other', 'export_ready', false, '^Your data export is ready to download\\.$', []],
];

/**
 * Stores the English texts of notifications stored before kinds as their kinds and values, where the text reads
 * as one: the actor is their stored name (else their username) at the start of the text, as it was written. A
 * text that reads as none (the actor renamed since, say) keeps its English `message`.
 */
export async function readOldTexts(q: Pick<QueryRunner, 'query'>): Promise<void> {
  await q.query(
    `WITH texts AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::text[], $5::text[])
         AS t("type", "kind", "withActor", "pattern", "names")
     ), read AS (
       SELECT n."id", t."kind", t."withActor", string_to_array(t."names", ',') AS "names", a."label",
              regexp_match(substr(n."message", CASE WHEN t."withActor" THEN length(a."label") + 1 ELSE 1 END),
                           t."pattern") AS "values"
         FROM notifications n
         JOIN texts t ON t."type" = n."type"
         CROSS JOIN LATERAL (
           SELECT COALESCE(NULLIF(n."actorName", ''), (SELECT u."username" FROM users u WHERE u."id" = n."actorId"))
             AS "label"
         ) a
        WHERE n."kind" IS NULL AND (NOT t."withActor" OR starts_with(n."message", a."label"))
     ), parsed AS (
       SELECT r."id", r."kind",
              CASE WHEN r."withActor" THEN jsonb_build_object('actor', r."label") ELSE '{}'::jsonb END
              || COALESCE((SELECT jsonb_object_agg(v."name", r."values"[v."i"::int])
                             FROM unnest(r."names") WITH ORDINALITY AS v("name", "i")), '{}'::jsonb) AS "params"
         FROM read r WHERE r."values" IS NOT NULL
     ), changed AS (
       UPDATE notifications n SET "kind" = p."kind", "params" = p."params", "message" = NULL
         FROM parsed p WHERE n."id" = p."id" RETURNING n."id"
     )
     SELECT count(*) FROM changed`,
    [
      OLD_TEXTS.map((t) => t[0]),
      OLD_TEXTS.map((t) => t[1]),
      OLD_TEXTS.map((t) => t[2]),
      OLD_TEXTS.map((t) => t[3]),
      OLD_TEXTS.map((t) => t[4].join(',')),
    ],
  );
}

/**
 * Notifications say what they say in their reader's language (DESIGN.md §8): a notification keeps the kind of
 * its text and the values the text needs (`params`: the actor's name, a club's name …) and is written out in the
 * reader's language when it is read, pushed or mailed; new rows leave `message` empty. The rows stored before
 * are read back into kinds and values where their English text reads as one (`readOldTexts`); any other keeps
 * its English `message`, which it goes on showing.
 */
export class NotificationTexts1763800002200 implements MigrationInterface {
  name = 'NotificationTexts1763800002200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE notifications ADD COLUMN "kind" varchar(40), ADD COLUMN "params" jsonb,
         ALTER COLUMN "message" DROP NOT NULL`,
    );
    await readOldTexts(q);
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
