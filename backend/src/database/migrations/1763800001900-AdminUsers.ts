import { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit's actions before this migration, and after it (`AUDIT_ACTIONS` in the contracts). */
const MODERATION_ACTIONS = ['dismiss', 'resolve', 'delete', 'ban'];
const AUDIT_ACTIONS = [
  ...MODERATION_ACTIONS,
  'suspend',
  'unsuspend',
  'lift-ban',
  'delete-account',
  'grant-admin',
  'revoke-admin',
];
const listed = (actions: string[]) => actions.map((action) => `'${action}'`).join(', ');

/**
 * Account administration (DESIGN.md §4e). A suspended account cannot sign in (`suspendedAt`, with the admin's
 * reason); `lastActiveAt` is the last sign-in or session refresh, for the admin list. A ban can be lifted early
 * (`liftedAt`, `liftedBy`): it then no longer counts, and stays in the account's history. The moderation audit
 * becomes the audit of every admin action: it names the account acted on (`targetUserId`, emptied with the
 * account like `actorId`) and the admin's reason, and takes the new actions. For the actions recorded before,
 * the account is found where it can be: a report's post author, or the ban written in the same transaction.
 */
export class AdminUsers1763800001900 implements MigrationInterface {
  name = 'AdminUsers1763800001900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN "suspendedAt" timestamptz,
        ADD COLUMN "suspendedReason" text,
        ADD COLUMN "lastActiveAt" timestamptz`);
    // The admin list: newest accounts first, found by email as well as by name and username.
    await q.query(`CREATE INDEX users_created_idx ON users ("createdAt" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX users_email_trgm ON users USING gin (lower("email") public.gin_trgm_ops)`);
    // An account's page counts its comments.
    await q.query(`CREATE INDEX IF NOT EXISTS comments_author_idx ON comments ("authorId")`);

    await q.query(`
      ALTER TABLE bans
        ADD COLUMN "liftedAt" timestamptz,
        ADD COLUMN "liftedBy" uuid REFERENCES users ("id") ON DELETE SET NULL`);

    await q.query(`
      ALTER TABLE moderation_actions
        DROP CONSTRAINT moderation_actions_action_check,
        ALTER COLUMN "action" TYPE varchar(20),
        ADD CONSTRAINT moderation_actions_action_check CHECK ("action" IN (${listed(AUDIT_ACTIONS)})),
        ADD COLUMN "targetUserId" uuid REFERENCES users ("id") ON DELETE SET NULL,
        ADD COLUMN "reason" text`);
    await q.query(
      `CREATE INDEX moderation_actions_target_idx ON moderation_actions ("targetUserId", "createdAt" DESC)`,
    );
    await q.query(
      `CREATE INDEX moderation_actions_actor_idx ON moderation_actions ("actorId", "createdAt" DESC)`,
    );
    await q.query(
      `CREATE INDEX moderation_actions_time_idx ON moderation_actions ("createdAt" DESC, "id" DESC)`,
    );

    // A report's actions were about its post's author (the only target a report had until now).
    await q.query(`
      UPDATE moderation_actions a SET "targetUserId" = r."postAuthorId"
        FROM reported_posts r JOIN users u ON u."id" = r."postAuthorId"
       WHERE a."reportId" = r."id"`);
    // A ban and its audit entry were written in one transaction: same admin, same now().
    await q.query(`
      UPDATE moderation_actions a SET "targetUserId" = b."userId", "reason" = b."reason"
        FROM bans b
       WHERE a."action" = 'ban' AND b."bannedBy" = a."actorId" AND b."createdAt" = a."createdAt"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM moderation_actions WHERE "action" NOT IN (${listed(MODERATION_ACTIONS)})`);
    await q.query(`DROP INDEX IF EXISTS moderation_actions_time_idx`);
    await q.query(`DROP INDEX IF EXISTS moderation_actions_actor_idx`);
    await q.query(`DROP INDEX IF EXISTS moderation_actions_target_idx`);
    await q.query(`
      ALTER TABLE moderation_actions
        DROP COLUMN "reason",
        DROP COLUMN "targetUserId",
        DROP CONSTRAINT moderation_actions_action_check,
        ALTER COLUMN "action" TYPE varchar(10),
        ADD CONSTRAINT moderation_actions_action_check CHECK ("action" IN (${listed(MODERATION_ACTIONS)}))`);
    await q.query(`ALTER TABLE bans DROP COLUMN "liftedBy", DROP COLUMN "liftedAt"`);
    await q.query(`DROP INDEX IF EXISTS comments_author_idx`);
    await q.query(`DROP INDEX IF EXISTS users_email_trgm`);
    await q.query(`DROP INDEX IF EXISTS users_created_idx`);
    await q.query(
      `ALTER TABLE users DROP COLUMN "lastActiveAt", DROP COLUMN "suspendedReason", DROP COLUMN "suspendedAt"`,
    );
  }
}
