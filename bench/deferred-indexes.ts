import type { Client } from 'pg';

interface Definition {
  table: string;
  name: string;
  /** The SQL that makes it again. */
  create: string;
}

/**
 * What can be built after a bulk load instead of row by row: the tables' plain indexes, their foreign keys,
 * and their primary-key and unique constraints unless another table's foreign key depends on them.
 */
async function deferrable(
  db: Client,
  tables: string[],
): Promise<{ indexes: Definition[]; constraints: Definition[] }> {
  const { rows: constraints } = await db.query<Definition>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name,
       format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
         AS create
     FROM pg_constraint c
     WHERE c.conrelid = ANY($1::regclass[])
       AND (c.contype = 'f' OR (c.contype IN ('p', 'u')
         AND NOT EXISTS (SELECT 1 FROM pg_constraint r WHERE r.contype = 'f' AND r.confrelid = c.conrelid)))
     -- Foreign keys first: dropping them first and adding them last never leaves one without its key.
     ORDER BY c.contype = 'f' DESC`,
    [tables],
  );
  const { rows: indexes } = await db.query<Definition>(
    `SELECT i.tablename AS table, i.indexname AS name, i.indexdef AS create
     FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.indexname))::regclass)`,
    [tables],
  );
  return { indexes, constraints };
}

/**
 * Runs `load` with the tables' indexes and constraints dropped, then builds them again, as pg_restore does:
 * one sort per index instead of a random index insertion per row, and each foreign key checked in one pass.
 * Re-adding them also checks the loaded rows against every unique and foreign-key rule. Run it in a transaction.
 */
export async function withDeferredIndexes(
  db: Client,
  tables: string[],
  load: () => Promise<void>,
): Promise<void> {
  const { indexes, constraints } = await deferrable(db, tables);
  for (const c of constraints) await db.query(`ALTER TABLE ${c.table} DROP CONSTRAINT "${c.name}"`);
  for (const i of indexes) await db.query(`DROP INDEX "${i.name}"`);
  await load();
  for (const i of indexes) await db.query(i.create);
  for (const c of [...constraints].reverse()) await db.query(c.create);
}
