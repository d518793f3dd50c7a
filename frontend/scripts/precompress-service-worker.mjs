/**
 * Writes `sw.js.br` and `sw.js.gz` beside the service worker, which vite-plugin-pwa writes after the build's
 * compression pass (vite.config.ts, `precompressed`): every install fetches it. Same settings as that pass.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// A path, not a URL's pathname: a folder name with a space or an accent stays as it is.
const worker = fileURLToPath(new URL('../dist/sw.js', import.meta.url));
const body = readFileSync(worker);
writeFileSync(
  `${worker}.br`,
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
);
writeFileSync(`${worker}.gz`, gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
