import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../config/config';
import { LocalDiskStorageDriver } from '../objects/local-disk.driver';
import { S3StorageDriver } from '../objects/s3.driver';
import type { StorageDriver } from '../objects/storage.driver';

/**
 * The object store's half of a backup (README, "Backup and restore"): every stored object to a folder, or a folder
 * back into the object store, through the storage the app itself is configured with (S3_* or DATA_DIR):
 *
 *   node backend/dist/backup/objects.js export <folder>   # <folder>/objects.json and <folder>/objects/<key>
 *   node backend/dist/backup/objects.js import <folder>
 *
 * Both may run while the app runs. Import skips objects already stored with the same size, so it can be resumed.
 */
interface ManifestEntry {
  key: string;
  contentType: string;
  size: number;
}

const MANIFEST = 'objects.json';

function fileOf(folder: string, key: string): string {
  const root = resolve(folder, 'objects');
  const path = resolve(root, key);
  if (!path.startsWith(root + sep)) throw new Error(`Invalid object key: ${key}`);
  return path;
}

export async function exportObjects(driver: StorageDriver, folder: string): Promise<ManifestEntry[]> {
  const manifest: ManifestEntry[] = [];
  for await (const keys of driver.keys()) {
    for (const key of keys) {
      const info = await driver.stat(key);
      // Deleted since it was listed: nothing to keep.
      if (!info) continue;
      const path = fileOf(folder, key);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(await driver.read(key), createWriteStream(path));
      manifest.push({ key, contentType: info.contentType, size: info.size });
    }
  }
  await writeFile(resolve(folder, MANIFEST), JSON.stringify(manifest, null, 1));
  return manifest;
}

export async function importObjects(
  driver: StorageDriver,
  folder: string,
): Promise<{ written: number; kept: number }> {
  const manifest = JSON.parse(await readFile(resolve(folder, MANIFEST), 'utf8')) as ManifestEntry[];
  let written = 0;
  for (const { key, contentType, size } of manifest) {
    if ((await driver.stat(key))?.size === size) continue;
    await driver.write(key, createReadStream(fileOf(folder, key)), contentType);
    written += 1;
  }
  return { written, kept: manifest.length - written };
}

async function main([command, folder]: string[]): Promise<void> {
  if (!folder || (command !== 'export' && command !== 'import')) {
    throw new Error('Usage: node backend/dist/backup/objects.js export|import <folder>');
  }
  const config = loadConfig();
  const s3 = config.s3 ? new S3StorageDriver(config.s3) : undefined;
  const driver = s3 ?? new LocalDiskStorageDriver(config.dataDir);
  const where = config.s3 ? `bucket ${config.s3.bucket}` : `${config.dataDir}/objects`;
  try {
    if (command === 'export') {
      await mkdir(folder, { recursive: true });
      const manifest = await exportObjects(driver, folder);
      console.log(`Exported ${manifest.length} objects from ${where} to ${folder}`);
    } else {
      const { written, kept } = await importObjects(driver, folder);
      console.log(`Imported ${written} objects into ${where} (${kept} were there already)`);
    }
  } finally {
    s3?.onApplicationShutdown();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
