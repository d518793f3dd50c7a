import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root: the folder above this file (source or compiled) that holds `bench/probe.cjs`. */
function findRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'bench/probe.cjs'))) return dir;
  }
  throw new Error('bench/probe.cjs not found above ' + __dirname);
}

export const ROOT = findRoot();
export const PISTE_MAIN = join(ROOT, 'backend/dist/main.js');
export const PROBE = join(ROOT, 'bench/probe.cjs');
export const FRONTEND_DIST = join(ROOT, 'frontend/dist');
export const RESULTS_DIR = join(ROOT, 'bench/results');

/** A compiled baseline server, next to this file once built (`bench/dist/bench/baselines/<name>.js`). */
export function baselineScript(name: string): string {
  return join(__dirname, 'baselines', `${name}.js`);
}
