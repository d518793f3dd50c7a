import { parentPort, workerData } from 'node:worker_threads';
import { servePGlite, type PGliteServer } from './pglite-server';

/** What the app's thread gives the database thread. */
export interface DatabaseThreadData {
  location: string | undefined;
  /** The packed database a new data folder starts as (see servePGlite). */
  template: string | undefined;
}

/** What the database thread reports: once ready (or failed), and once stopped after the app asks it to stop. */
export type DatabaseThreadReport = { ready: number } | { stopped: true } | { failed: string };

/** The database thread (see startEmbeddedPostgres): serves PGlite until the app posts any message. */
async function run(): Promise<void> {
  const app = parentPort!;
  let server: PGliteServer;
  try {
    const { location, template } = workerData as DatabaseThreadData;
    server = await servePGlite(location, template);
  } catch (err) {
    app.postMessage(failure(err));
    return;
  }
  app.once('message', () => {
    server.stop().then(
      () => app.postMessage({ stopped: true } satisfies DatabaseThreadReport),
      (err: unknown) => app.postMessage(failure(err)),
    );
  });
  app.postMessage({ ready: server.port } satisfies DatabaseThreadReport);
}

function failure(err: unknown): DatabaseThreadReport {
  return { failed: err instanceof Error ? err.message : String(err) };
}

void run();
