import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, StorageDriver, StoredObjectInfo } from './storage.driver';

/**
 * Objects as files under `<DATA_DIR>/objects`, each with a small `.meta.json` beside it holding its content
 * type. Writes go to a temporary file that is renamed into place only once the whole upload was accepted.
 */
export class LocalDiskStorageDriver implements StorageDriver {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'objects');
  }

  async write(key: string, body: Readable, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      await writeFile(`${path}.meta.json`, JSON.stringify({ contentType }));
      await rename(partial, path);
    } catch (err) {
      await rm(partial, { force: true });
      await rm(`${path}.meta.json`, { force: true });
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    const path = this.pathOf(key);
    try {
      const [info, meta] = await Promise.all([stat(path), readFile(`${path}.meta.json`, 'utf8')]);
      const { contentType } = JSON.parse(meta) as { contentType?: unknown };
      if (!info.isFile() || typeof contentType !== 'string') return null;
      return { size: info.size, contentType };
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    // Opening first turns a missing file into a rejection here rather than an error mid-reply.
    const file = await open(this.pathOf(key), 'r');
    return file.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.meta.json`, { force: true });
  }

  async *keys(): AsyncIterable<string[]> {
    await mkdir(this.root, { recursive: true });
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    // An object is a file with its `.meta.json` beside it; uploads still being written end in `.part`.
    const names = new Set(entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)));
    yield [...names]
      .filter((path) => !path.endsWith('.meta.json') && !path.endsWith('.part') && names.has(`${path}.meta.json`))
      .map((path) => relative(this.root, path).split(sep).join('/'));
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  /** Keys are validated upstream; this is the last guard against escaping the root. */
  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid object key: ${key}`);
    return path;
  }
}
