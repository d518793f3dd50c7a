/**
 * The feed's first page served by two or more builds of the server, side by side: one Piste per build on the bench
 * database, runs interleaved, then the medians of requests a second, p99, the server's CPU per request and its
 * garbage-collection pauses. Between separate runs a shared machine moves by more (±60 µs a request on two cores)
 * than most single changes weigh; interleaved runs see the same load.
 *
 *   npm run bench (once, to seed and compile) … then, with a copy of the build before the change kept inside the
 *   repository, so that it finds the same node_modules (`cp -r backend/dist backend/dist-before`, then build):
 *   DATABASE_URL=… node bench/dist/bench/compare-servers.js backend/dist-before/main.js backend/dist/main.js
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FEED_VIEWER } from './dataset';
import { hammer, warmUp, type HttpFigures } from './http-load';
import { pisteEnv } from './piste';
import { startServer, type ServerProcess } from './server-process';
import { SignIns } from './sessions';
import { readSettings } from './settings';
import { interleaved, median } from './stats';
import { FIRST_PAGE } from './scenarios/feed';

const ROUNDS = Number(process.env.BENCH_COMPARE_RUNS?.trim() || 3);

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  if (typeof settings === 'string') throw new Error(settings);
  // `main.js` alone, or `main.js@--flag,--flag` to run that build with more Node flags.
  const named = process.argv.slice(2).map((arg) => arg.split('@'));
  const builds = named.map(([file]) => resolve(file));
  const flags = named.map(([, list]) => (list ? list.split(',') : []));
  if (builds.length < 2) throw new Error("Name two or more builds' main.js to compare.");
  const missing = builds.filter((file) => !existsSync(file));
  if (missing.length) throw new Error(`Not found: ${missing.join(', ')}`);

  const dataDir = mkdtempSync(join(tmpdir(), 'piste-compare-'));
  const servers: ServerProcess[] = [];
  try {
    for (const [i, main] of builds.entries()) {
      const own = join(dataDir, String(i));
      mkdirSync(own);
      servers.push(
        await startServer(`Piste ${i + 1}`, main, pisteEnv(settings, own), { nodeFlags: flags[i] }),
      );
    }
    const { cookie } = await new SignIns().as(servers[0].url, FEED_VIEWER);
    for (const server of servers) await warmUp(server, FIRST_PAGE, cookie);
    // Numbered, so that the same build may be named twice (how much two equal servers differ).
    const labels = builds.map((main, i) => `${i + 1}. ${main} ${flags[i].join(' ')}`.trim());
    const rounds: Record<string, HttpFigures[]> = await interleaved(
      ROUNDS,
      Object.fromEntries(
        labels.map((label, i) => [label, () => hammer(servers[i], FIRST_PAGE, cookie, settings.seconds)]),
      ),
    );
    for (const label of labels) {
      const runs = rounds[label];
      const rate = median(runs.map((r) => r.requestsPerSecond)).toFixed(0);
      const cpu = runs.map((r) => r.cpuMicrosPerRequest);
      const p99 = median(runs.map((r) => r.p99)).toFixed(0);
      const gc = median(runs.map((r) => r.gcMsPerSecond)).toFixed(1);
      const gcLongest = median(runs.map((r) => r.gcLongestMs)).toFixed(1);
      console.log(
        `${label}: ${rate} req/s, p99 ${p99} ms, server CPU ${median(cpu).toFixed(0)} µs per request ` +
          `(runs: ${cpu.map((c) => c.toFixed(0)).join(', ')}), GC ${gc} ms a second, longest ${gcLongest} ms`,
      );
    }
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
