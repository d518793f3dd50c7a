import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { servePGlite, type PGliteServer } from './pglite-server';
import type { DatabaseThreadData, DatabaseThreadReport } from './pglite-thread';

export interface EmbeddedPostgres {
  url: string;
  /** The folder holding the data; undefined when the database lives in memory. */
  location: string | undefined;
  /** Whether this start made a new database from the template rather than an empty one. */
  fromTemplate: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /**
   * A packed database (`.tar.gz` from PGlite's `dumpDataDir`) that a new database starts as, instead of an empty
   * one (see empty-database.ts), or a function that finds it, called only when the database is new. A data folder
   * that already holds a database opens as it is.
   */
  template?: string | (() => string | undefined);
}

/** The compiled database thread; absent when running from the TypeScript sources (the test runner). */
const THREAD_SCRIPT = join(__dirname, 'pglite-thread.js');

/**
 * Starts PGlite behind a PostgreSQL wire-protocol socket on loopback, so the app talks plain `pg`.
 * `dataDir` undefined keeps the database in memory (tests); otherwise data lives under it. A new database (in
 * memory, or a data folder that holds none yet) starts as `options.template` when there is one.
 *
 * PGlite runs on a thread of its own: opening it takes about as long as loading the app's modules, so the
 * two happen at once, and its queries then run beside the app's work rather than in between. From the
 * TypeScript sources, which have no compiled thread script, it runs on the calling thread.
 */
export async function startEmbeddedPostgres(
  dataDir: string | undefined,
  options: EmbeddedOptions = {},
): Promise<EmbeddedPostgres> {
  const location = dataDir ? resolve(join(dataDir, 'pglite')) : undefined;
  if (location) mkdirSync(location, { recursive: true });
  const isNew = !location || !existsSync(join(location, 'PG_VERSION'));
  const template = isNew ? templateOf(options) : undefined;
  const server = existsSync(THREAD_SCRIPT)
    ? await serveOnThread({ location, template })
    : await servePGlite(location, template);
  return {
    url: `postgres://postgres@127.0.0.1:${server.port}/postgres`,
    location,
    fromTemplate: !!template,
    stop: () => server.stop(),
  };
}

function templateOf({ template }: EmbeddedOptions): string | undefined {
  return typeof template === 'function' ? template() : template;
}

function serveOnThread(data: DatabaseThreadData): Promise<PGliteServer> {
  const thread = new Worker(THREAD_SCRIPT, { workerData: data });
  return nextReport(thread).then((report) => {
    if ('ready' in report) return { port: report.ready, stop: () => stopThread(thread) };
    void thread.terminate();
    throw new Error(`The embedded database did not start: ${'failed' in report ? report.failed : 'stopped'}`);
  });
}

async function stopThread(thread: Worker): Promise<void> {
  thread.postMessage('stop');
  const report = await nextReport(thread);
  await thread.terminate();
  if ('failed' in report) throw new Error(`The embedded database did not stop cleanly: ${report.failed}`);
}

/** The thread's next report; its crash or exit instead rejects. */
function nextReport(thread: Worker): Promise<DatabaseThreadReport> {
  return new Promise((resolveReport, reject) => {
    const onExit = (code: number) =>
      settle(() => reject(new Error(`The embedded database thread exited (${code})`)));
    const onError = (err: Error) => settle(() => reject(err));
    const onMessage = (report: DatabaseThreadReport) => settle(() => resolveReport(report));
    const settle = (finish: () => void) => {
      thread.off('exit', onExit).off('error', onError).off('message', onMessage);
      finish();
    };
    thread.once('exit', onExit).once('error', onError).once('message', onMessage);
  });
}
