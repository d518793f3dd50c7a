#!/usr/bin/env node
/**
 * Completes package-lock.json with the other platforms' native packages.
 *
 * Packages such as @swc/core, @tailwindcss/oxide, unrs-resolver and sharp ship their native binary as one
 * optional dependency per platform (`@swc/core-darwin-arm64`, `…-linux-x64-gnu`, `…-win32-x64-msvc`,
 * `@img/sharp-linuxmusl-arm64` …).
 * A lock file written against a registry that only serves some of those builds leaves the others out,
 * and `npm ci` (what the Docker build runs) then refuses the lock: "Missing: @swc/core-darwin-arm64@
 * from lock file".
 *
 * For every optional dependency of a locked package that has no entry, this adds the entry a lock
 * written against the full registry records: the exact version, `optional: true`, the parent's `dev`
 * flag, and `os` / `cpu` / `libc` read from the platform suffix of the name (the naming convention of
 * napi-rs and the other native-package builders). `license` and `engines` are taken from an already
 * locked sibling of the same release. `integrity` cannot be known offline; npm fetches such a package
 * by name and version on the platform that needs it and records the integrity then.
 *
 * npm skips every entry whose os/cpu/libc do not match the machine, so an `npm ci` on linux x64 or
 * arm64 never fetches the entries added here.
 *
 * Usage (from the repository root):
 *   node deploy/complete-lock.mjs           add the missing entries, rewrite package-lock.json
 *   node deploy/complete-lock.mjs --check   only report; exit 1 when entries are missing
 *
 * `npm run lock` refreshes the lock with `npm install --package-lock-only` and then runs this.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OS = new Set([
  'aix',
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
]);
/** Architecture words used in package names → Node's `process.arch`. */
const CPU = {
  arm: ['arm'],
  armv7: ['arm'],
  arm64: ['arm64'],
  aarch64: ['arm64'],
  ia32: ['ia32'],
  i686: ['ia32'],
  x86: ['ia32'],
  x64: ['x64'],
  x86_64: ['x64'],
  loong64: ['loong64'],
  mips64el: ['mips64el'],
  ppc64: ['ppc64'],
  ppc64le: ['ppc64'],
  riscv64: ['riscv64'],
  s390x: ['s390x'],
  universal: ['x64', 'arm64'],
};
/** ABI words → `libc` (linux only). `gnueabihf`, `musleabihf`, `eabi`, `msvc` record no libc (rollup aside, below). */
const LIBC = { gnu: ['glibc'], glibc: ['glibc'], musl: ['musl'] };
const ABI = new Set(['gnu', 'glibc', 'musl', 'gnueabihf', 'musleabihf', 'eabi', 'eabihf', 'msvc']);
/**
 * sharp names its builds `@img/sharp-linux-x64` (glibc) and `@img/sharp-linuxmusl-x64` (musl), the libvips
 * builds likewise (`@img/sharp-libvips-linuxmusl-arm64`): the libc is in the OS word, not an ABI suffix.
 */
const LIBC_IN_OS_WORD = { linux: ['glibc'], linuxmusl: ['musl'] };
const LIBC_IN_OS_WORD_PREFIXES = ['@img/sharp-'];
/**
 * rollup's 32-bit ARM builds declare their libc (`@rollup/rollup-linux-arm-gnueabihf`: glibc, `…-musleabihf`:
 * musl), where other packages' `gnueabihf` builds declare none.
 */
const LIBC_IN_ARM_ABI = { gnueabihf: ['glibc'], musleabihf: ['musl'] };
const LIBC_IN_ARM_ABI_PREFIXES = ['@rollup/rollup-'];

/**
 * Reads `{ os, cpu, libc? }` from a name ending in `<os>-<cpu>[-<abi>]`, e.g. `@swc/core-linux-arm64-musl`,
 * or in sharp's `<os>[musl]-<cpu>`; undefined when the name carries no platform.
 */
export function platformOf(name) {
  const words = name.slice(name.lastIndexOf('/') + 1).split('-');
  let abi;
  if (words.length >= 3 && ABI.has(words[words.length - 1])) abi = words.pop();
  const arch = words.pop();
  const cpu = Object.hasOwn(CPU, arch) ? CPU[arch] : undefined;
  const osWord = words.pop();
  const libcInOsWord = LIBC_IN_OS_WORD_PREFIXES.some((prefix) => name.startsWith(prefix));
  if (cpu && !abi && libcInOsWord && Object.hasOwn(LIBC_IN_OS_WORD, osWord)) {
    return { os: ['linux'], cpu, libc: LIBC_IN_OS_WORD[osWord] };
  }
  if (!cpu || !OS.has(osWord)) return undefined;
  const platform = { os: [osWord], cpu };
  if (osWord === 'linux' && abi && LIBC[abi]) platform.libc = LIBC[abi];
  const libcInArmAbi = LIBC_IN_ARM_ABI_PREFIXES.some((prefix) => name.startsWith(prefix));
  if (osWord === 'linux' && abi && libcInArmAbi && Object.hasOwn(LIBC_IN_ARM_ABI, abi)) {
    platform.libc = LIBC_IN_ARM_ABI[abi];
  }
  return platform;
}

/** The lock locations Node would search for `name` from the package at `location`, nearest first. */
function searchPath(location, name) {
  const segments = location.split(/(?:^|\/)node_modules\//);
  const places = [];
  for (let i = segments.length; i >= 1; i--) {
    const head = segments[0];
    const nested = segments.slice(1, i).map((s) => `node_modules/${s}`);
    const base = [head, ...nested].filter(Boolean).join('/');
    places.push(base ? `${base}/node_modules/${name}` : `node_modules/${name}`);
  }
  places.push(`node_modules/${name}`); // a workspace folder falls back to the root's node_modules
  return [...new Set(places)];
}

/** JSON as npm writes its lock: preferred top-level keys, then scalars before objects, each sorted. */
export function stringifyLikeNpm(value) {
  const first = [
    'name',
    'version',
    'lockfileVersion',
    'resolved',
    'integrity',
    'requires',
    'packages',
    'dependencies',
  ];
  const isObject = (v) => !!v && typeof v === 'object' && !Array.isArray(v);
  const compare = (a, b) => {
    const ia = first.indexOf(a);
    const ib = first.indexOf(b);
    if (ia >= 0 && ib >= 0) return ia - ib;
    if (ia >= 0) return -1;
    if (ib >= 0) return 1;
    return a.localeCompare(b, 'en');
  };
  const replacer = (_key, v) => {
    if (!isObject(v)) return v;
    const entries = Object.entries(v).sort(([ak, av], [bk, bv]) =>
      isObject(av) === isObject(bv) ? compare(ak, bk) : isObject(av) ? 1 : -1,
    );
    return Object.fromEntries(entries);
  };
  return `${JSON.stringify(value, replacer, 2)}\n`;
}

/** Adds the missing entries to `lock` (mutated); returns what was added and what could not be. */
export function completeLock(lock) {
  const packages = lock.packages ?? {};
  const added = [];
  const skipped = [];
  for (const [location, entry] of Object.entries(packages)) {
    if (entry.link || !entry.optionalDependencies) continue;
    for (const [name, spec] of Object.entries(entry.optionalDependencies)) {
      const places = searchPath(location, name);
      // Nearest existing entry wins (that is what Node resolves); otherwise place it as high as possible.
      if (places.some((p) => packages[p])) continue;
      const platform = platformOf(name);
      if (!platform) {
        skipped.push(`${name}@${spec} (no platform in the name) for ${location || 'the root'}`);
        continue;
      }
      if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(spec)) {
        skipped.push(`${name}@${spec} (not an exact version) for ${location || 'the root'}`);
        continue;
      }
      const sibling = Object.keys(entry.optionalDependencies)
        .flatMap((other) => searchPath(location, other).map((p) => packages[p]))
        .find((p) => p && p.version === spec && (p.os || p.cpu));
      const lockEntry = { version: spec, ...platform, optional: true };
      if (entry.dev) lockEntry.dev = true;
      if (sibling?.license) lockEntry.license = sibling.license;
      if (sibling?.engines) lockEntry.engines = sibling.engines;
      const place = places[places.length - 1];
      packages[place] = lockEntry;
      added.push(`${place}@${spec}`);
    }
  }
  return { added, skipped };
}

function main() {
  const check = process.argv.includes('--check');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const file = join(root, 'package-lock.json');
  const text = readFileSync(file, 'utf8');
  const lock = JSON.parse(text);
  const { added, skipped } = completeLock(lock);
  for (const s of skipped) console.warn(`left out: ${s}`);
  if (check) {
    for (const a of added) console.log(`missing: ${a}`);
    console.log(added.length ? `${added.length} entries missing` : 'package-lock.json is complete');
    process.exitCode = added.length ? 1 : 0;
    return;
  }
  const out = stringifyLikeNpm(lock);
  if (out !== text) writeFileSync(file, out);
  for (const a of added) console.log(`added: ${a}`);
  console.log(
    added.length ? `${added.length} entries added to package-lock.json` : 'package-lock.json is complete',
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
