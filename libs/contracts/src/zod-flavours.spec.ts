import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the server sends is parsed in the browser, whose first load must stay small: those schemas are written with
 * zod/mini (through ./zod), and classic zod, whole whenever one of its schemas is loaded, stays in requests/.
 */
const modules = (dir: string) =>
  readdirSync(dir)
    // index.ts re-exports both sides for the server; the browser's bundle keeps only what it uses.
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts') && name !== 'index.ts')
    .map((name) => ({ name, source: readFileSync(join(dir, name), 'utf8') }));

const CLASSIC_ZOD = /from 'zod'/;
const REQUESTS = /from '\.\/requests\//;

describe('zod in the contracts', () => {
  it.each(modules(__dirname).map(({ name, source }) => [name, source]))(
    '%s uses no classic zod and no request schema',
    (_name, source) => {
      expect(source).not.toMatch(CLASSIC_ZOD);
      // Type-only imports are erased: the request modules' schemas never load with a reply's.
      const valueImports = source
        .split('\n')
        .filter((line) => REQUESTS.test(line) && !/^import type /.test(line));
      expect(valueImports).toEqual([]);
    },
  );
});
