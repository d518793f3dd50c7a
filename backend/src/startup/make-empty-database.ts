import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { Logger } from '@nestjs/common';
import type { MigrationInterface } from 'typeorm';
import { dataSourceOptions, MIGRATIONS } from '../database/data-source';
import { findEmptyDatabaseTemplate, TEMPLATE_FOLDER, templateFile } from '../database/empty-database';
import { openPGlite, serveOnLoopback } from '../database/pglite-server';
import { initializeDatabase } from '../database/startup';
import { jobsSchemaInstallSql } from '../jobs/pg-boss';

/**
 * Makes the template a first start of the embedded database unpacks (see database/empty-database.ts): a new
 * in-memory PGlite, migrated the way a start migrates it (TypeORM over the wire protocol), with pg-boss's schema
 * installed by pg-boss's own SQL, packed as a `.tar.gz`. It holds no rows but the migrations'. Replaces whatever
 * `folder` held: a build's template is the only one its starts can use. Returns the template's file.
 */
export async function makeEmptyDatabaseTemplate(
  folder = TEMPLATE_FOLDER,
  migrations: (new () => MigrationInterface)[] = MIGRATIONS,
): Promise<string> {
  const db = await openPGlite(undefined);
  const server = await serveOnLoopback(db);
  try {
    const location = { url: `postgres://postgres@127.0.0.1:${server.port}/postgres`, embedded: true };
    const dataSource = await initializeDatabase({ ...dataSourceOptions(location), migrations });
    try {
      await dataSource.query(await jobsSchemaInstallSql('public'));
    } finally {
      await dataSource.destroy();
    }
    // Every page written to the files, so a start from the template has no log to replay.
    await db.exec('CHECKPOINT');
    const packed = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    const file = templateFile(folder, migrations);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    // Written under another name first: a build stopped half-way leaves no template that looks whole.
    writeFileSync(`${file}.partial`, packed);
    renameSync(`${file}.partial`, file);
    return file;
  } finally {
    await server.stop();
  }
}

/**
 * `node dist/startup/make-empty-database.js`, the last step of the backend's build. A template with this build's
 * fingerprint is kept as it is: the fingerprint is what a start trusts, so it is what a build trusts too.
 */
async function main(): Promise<void> {
  const current = findEmptyDatabaseTemplate();
  if (current) {
    console.log(`Embedded database template up to date: ${relative(process.cwd(), current)}`);
    return;
  }
  Logger.overrideLogger(['error', 'warn']);
  const started = performance.now();
  const file = await makeEmptyDatabaseTemplate();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = (statSync(file).size / 2 ** 20).toFixed(1);
  console.log(
    `Embedded database template, ${MIGRATIONS.length} migrations: ${relative(process.cwd(), file)} ` +
      `(${megabytes} MB, made in ${seconds} s)`,
  );
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
