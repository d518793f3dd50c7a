/**
 * Lighthouse on the signed-in feed for two or more builds of the web app, side by side: one Piste per build
 * (`FRONTEND_DIST`) on the bench database, runs alternating between them, medians at the end. On a shared machine
 * a build's own figures move with the load from one hour to the next; alternating runs see the same load.
 *
 *   npm run bench (once, to seed) … then, with a copy of each build's frontend/dist:
 *   DATABASE_URL=… node bench/dist/bench/compare-builds.js /tmp/dist-before /tmp/dist-after
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { FEED_VIEWER } from './dataset';
import { lighthouseTries, type LighthouseFigures } from './lighthouse';
import { startPiste } from './piste';
import { SignIns } from './sessions';
import { readSettings } from './settings';
import { median } from './stats';

const RUNS = Number(process.env.BENCH_COMPARE_RUNS?.trim() || 5);

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  if (typeof settings === 'string') throw new Error(settings);
  const builds = process.argv.slice(2).map((dir) => resolve(dir));
  if (builds.length < 2) throw new Error('Name two or more built frontend/dist folders to compare.');
  const missing = builds.filter((dir) => !existsSync(resolve(dir, 'index.html')));
  if (missing.length) throw new Error(`No index.html in ${missing.join(', ')}`);

  const pistes = [];
  try {
    for (const dir of builds) pistes.push(await startPiste(settings, { env: { FRONTEND_DIST: dir } }));
    const signIns = new SignIns();
    const runs = builds.map((): LighthouseFigures[] => []);
    for (let round = 0; round < RUNS; round++) {
      for (const [i, piste] of pistes.entries()) {
        const { cookie } = await signIns.as(piste.url, FEED_VIEWER);
        const figures = await lighthouseTries(`${piste.url}/`, cookie);
        runs[i].push(figures);
        console.log(`${builds[i]}: ${line(figures)}`);
      }
    }
    console.log(`\nMedians of ${RUNS} runs each:`);
    for (const [i, dir] of builds.entries()) {
      const of = (pick: (f: LighthouseFigures) => number) => median(runs[i].map(pick));
      console.log(
        `${dir}: score ${of((f) => f.score).toFixed(0)}, total blocking time ${of((f) => f.totalBlockingTimeMs).toFixed(0)} ms, ` +
          `LCP ${of((f) => f.largestContentfulPaintMs).toFixed(0)} ms, FCP ${of((f) => f.firstContentfulPaintMs).toFixed(0)} ms`,
      );
    }
  } finally {
    for (const piste of pistes) await piste.stop();
  }
}

const line = (f: LighthouseFigures) =>
  `score ${f.score.toFixed(0)}, TBT ${f.totalBlockingTimeMs.toFixed(0)} ms, LCP ${f.largestContentfulPaintMs.toFixed(0)} ms, ` +
  `FCP ${f.firstContentfulPaintMs.toFixed(0)} ms, CLS ${f.cumulativeLayoutShift.toFixed(3)}`;

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
