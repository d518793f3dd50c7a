import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MigrationInterface } from 'typeorm';
import { MIGRATIONS } from './migrations';

/**
 * The embedded database's first start. Creating a database (initdb, which PGlite runs in a second instance of
 * itself), migrating it and installing pg-boss's schema took most of a first start on an empty data folder.
 * `npm run build` does that work once, in memory, and packs the migrated empty database beside the built code
 * (startup/make-empty-database.ts); a first start unpacks that template into the data folder instead.
 *
 * A template is used only by a build of exactly the migrations and the packages it was made with: its file is
 * named by their fingerprint, so any other build finds none and creates the database as before. A data folder
 * made from a template is a database like any other: its migrations table lists what it holds, and a later
 * build's migrations apply on top of it.
 */

/** Where `npm run build` puts the template: next to the built code. */
export const TEMPLATE_FOLDER = join(__dirname, 'template');

/** A migration class; TypeORM records it under the class name. */
type Migration = new () => MigrationInterface;

/** The template made from these migrations in `folder`, if there is one. */
export function findEmptyDatabaseTemplate(
  folder = TEMPLATE_FOLDER,
  migrations: Migration[] = MIGRATIONS,
): string | undefined {
  try {
    const file = templateFile(folder, migrations);
    return existsSync(file) ? file : undefined;
  } catch {
    // Without a fingerprint there is no template to trust; a start never fails for want of one.
    return undefined;
  }
}

/** The file a template made from `migrations` has in `folder`: named by their fingerprint. */
export function templateFile(folder: string, migrations: Migration[] = MIGRATIONS): string {
  return join(folder, `${templateFingerprint(migrations)}.tar.gz`);
}

/**
 * Covers the migrations' names in their order, every file of the migrations folder (so a migration edited under the
 * same name makes another template), and the versions of what wrote the template: PGlite (the data folder's
 * format), TypeORM (its migrations table) and pg-boss (whose schema the template holds too).
 */
export function templateFingerprint(migrations: Migration[]): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      pglite: packageVersion('@electric-sql/pglite'),
      typeorm: packageVersion('typeorm'),
      pgBoss: packageVersion('pg-boss'),
      migrations: migrations.map((migration) => migration.name),
    }),
  );
  const folder = join(__dirname, 'migrations');
  for (const name of readdirSync(folder).sort()) {
    hash.update(`\0${name}\0`).update(readFileSync(join(folder, name)));
  }
  return hash.digest('hex').slice(0, 32);
}

/** An installed package's version, from the package.json above its entry point (not every package exports it). */
function packageVersion(name: string): string {
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === name && manifest.version) return manifest.version;
  }
  throw new Error(`No version found for ${name}`);
}
