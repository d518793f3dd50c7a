import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** deploy/complete-lock.mjs: the platform it reads from a package's name is the one npm records for it. */
const root = resolve(__dirname, '../..');

interface LockEntry {
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optional?: boolean;
}
interface Lock {
  packages: Record<string, LockEntry>;
}

/**
 * Runs `body` in a Node process of its own (the script is an ES module, which the test transform does not load),
 * with `lib` bound to the script's exports and `input` to the JSON given; returns what `body` prints, as JSON.
 */
function runWithCompleteLock<T>(body: string, input: unknown): T {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules is not for this process
  const url = pathToFileURL(join(root, 'deploy/complete-lock.mjs')).href;
  const script = `import * as lib from ${JSON.stringify(url)};
    const input = JSON.parse(await new Response(process.stdin).text());
    ${body}`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env,
    input: JSON.stringify(input),
    maxBuffer: 64 << 20,
  });
  return JSON.parse(output.toString()) as T;
}

const platformsOf = (names: string[]) =>
  runWithCompleteLock<Record<string, LockEntry | null>>(
    'console.log(JSON.stringify(Object.fromEntries(input.map((n) => [n, lib.platformOf(n) ?? null]))));',
    names,
  );
const readLock = () => JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lock;
const nameOf = (location: string) =>
  location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
const platformOf = ({ os, cpu, libc }: LockEntry) => ({ os, cpu, libc });

describe('deploy/complete-lock.mjs', () => {
  it('reads every platform package npm locked as npm recorded it, libc included', () => {
    const locked = Object.entries(readLock().packages).filter(([, e]) => e.optional && (e.os || e.cpu));
    const read = platformsOf(locked.map(([location]) => nameOf(location)));
    const disagreements = locked
      .map(([location, entry]) => ({ name: nameOf(location), locked: platformOf(entry) }))
      .filter(({ name }) => read[name])
      .filter(({ name, locked }) => JSON.stringify(platformOf(read[name]!)) !== JSON.stringify(locked));
    expect(disagreements).toEqual([]);
  });

  it('reads sharp’s names: plain linux is glibc, musl is in the OS word', () => {
    expect(
      platformsOf(['@img/sharp-linux-arm64', '@img/sharp-libvips-linuxmusl-x64', '@img/sharp-darwin-arm64']),
    ).toEqual({
      '@img/sharp-linux-arm64': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
      '@img/sharp-libvips-linuxmusl-x64': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
      '@img/sharp-darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
    });
  });

  it('puts back the sharp builds that a lock written against a partial registry leaves out', () => {
    const full = readLock();
    const partial = structuredClone(full);
    const removed = Object.keys(partial.packages).filter(
      (location) =>
        /node_modules\/@img\/sharp-(libvips-)?linux(musl)?-/.test(location) && !location.endsWith('-x64'),
    );
    expect(removed.length).toBeGreaterThan(0);
    for (const location of removed) delete partial.packages[location];
    const completed = runWithCompleteLock<Lock>(
      'lib.completeLock(input); console.log(JSON.stringify(input));',
      partial,
    );
    for (const location of removed) {
      expect({ location, ...platformOf(completed.packages[location] ?? {}) }).toEqual({
        location,
        ...platformOf(full.packages[location]),
      });
    }
  });
});
