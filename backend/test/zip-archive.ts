import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import yauzl from 'yauzl';

const openFromBuffer = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);

/** Every file of a ZIP archive (its bytes), by name. */
export async function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await openFromBuffer(archive, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject).on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        buffer(stream).then((bytes) => {
          files.set(entry.fileName, bytes);
          zip.readEntry();
        }, reject);
      });
    });
    zip.readEntry();
  });
  return files;
}
