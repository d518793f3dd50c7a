import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalDiskStorageDriver } from '../objects/local-disk.driver';
import { exportObjects, importObjects } from './objects';

describe('objects backup on local disk', () => {
  const dirs: string[] = [];
  const dir = async () => {
    const made = await mkdtemp(join(tmpdir(), 'piste-backup-unit-'));
    dirs.push(made);
    return made;
  };
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('exports every object with its type and imports them into an empty store, once', async () => {
    const live = new LocalDiskStorageDriver(await dir());
    await live.write('post/a1/photo.webp', Readable.from(['photo bytes']), 'image/webp');
    await live.write('avatar/b2.png', Readable.from(['avatar bytes']), 'image/png');
    const folder = await dir();

    const manifest = await exportObjects(live, folder);
    expect(manifest.map((m) => [m.key, m.contentType, m.size]).sort()).toEqual([
      ['avatar/b2.png', 'image/png', 12],
      ['post/a1/photo.webp', 'image/webp', 11],
    ]);

    const restored = new LocalDiskStorageDriver(await dir());
    await expect(importObjects(restored, folder)).resolves.toEqual({ written: 2, kept: 0 });
    await expect(restored.stat('post/a1/photo.webp')).resolves.toEqual({
      size: 11,
      contentType: 'image/webp',
    });
    await expect(text(await restored.read('avatar/b2.png'))).resolves.toBe('avatar bytes');
    // Run again (an interrupted restore resumed): nothing is written twice.
    await expect(importObjects(restored, folder)).resolves.toEqual({ written: 0, kept: 2 });
  });
});
