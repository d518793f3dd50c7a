import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** PGlite answering the PostgreSQL wire protocol on a loopback port. */
export interface PGliteServer {
  port: number;
  stop(): Promise<void>;
}

/**
 * Opens PGlite (in memory when `location` is undefined) and serves it on a free loopback port. Nothing here
 * needs the app, so it can run on a thread of its own (pglite-thread.ts).
 *
 * `template` is a data folder packed by `dumpDataDir` (a `.tar.gz`) that a new database starts as, instead of
 * an empty one made by initdb; give it only when `location` holds no database yet.
 */
export async function servePGlite(location: string | undefined, template?: string): Promise<PGliteServer> {
  const db = await openPGlite(location, template);
  return serveOnLoopback(db);
}

/** PGlite with the extensions the migrations use; see servePGlite for `location` and `template`. */
export async function openPGlite(location: string | undefined, template?: string): Promise<PGlite> {
  optimiseOnlyLastingWebAssembly();
  // The contrib modules ship as ES modules only.
  const [{ pg_trgm }, packed] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    template ? readFile(template) : undefined,
  ]);
  return PGlite.create(location, {
    extensions: { pg_trgm },
    ...(packed ? { loadDataDir: new Blob([packed], { type: 'application/x-gzip' }) } : {}),
  });
}

/** Serves an open PGlite on a free loopback port; stopping the server closes the database. */
export async function serveOnLoopback(db: PGlite): Promise<PGliteServer> {
  // PGlite runs one query at a time; the socket server queues them and keeps transactions on their connection.
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 16 });
  keepExtendedQueriesTogether(server, db);
  await server.start();
  return {
    port: Number(server.getServerConn().split(':').pop()),
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/**
 * Opening PGlite runs much of its WebAssembly once only, and with V8's default budget that code is also
 * optimised (TurboFan) on the side: 0.4 s of the 1 s of CPU an opening cost on a two-core machine, taken from
 * the app loading beside it. A larger budget optimises only the code that keeps running, such as query
 * execution. It must be set before PGlite compiles; V8 flags are the process's, and PGlite is its only
 * WebAssembly.
 */
function optimiseOnlyLastingWebAssembly(): void {
  setFlagsFromString('--wasm-tiering-budget=100000000');
}

/**
 * pglite-socket 0.2 lets another connection's messages in between any two messages unless PGlite reports an
 * open transaction. But `pg` sends each parameterised query as Parse, Bind, Describe, Execute, Sync, and a
 * second connection's Parse in between replaces the first one's unnamed statement (concurrent requests then
 * fail with 'bind message supplies 1 parameters, but prepared statement "" requires 2' or 'portal "" does not
 * exist'). Report the span up to Sync as a transaction too, so the queue serves that connection until it is done.
 */
function keepExtendedQueriesTogether(server: PGLiteSocketServer, db: PGlite): void {
  const EXTENDED = new Set(['P', 'B', 'D', 'E', 'H', 'C']);
  let untilSync = false;
  const queue = (server as unknown as { queryQueue: { db: PGlite } }).queryQueue;
  queue.db = new Proxy(db, {
    get(target, property) {
      if (property === 'isInTransaction') return () => untilSync || target.isInTransaction();
      if (property === 'execProtocolRawStream') {
        return (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const type = String.fromCharCode(message[0] ?? 0);
          if (EXTENDED.has(type)) untilSync = true;
          else if (type === 'S' || type === 'Q' || type === 'X') untilSync = false;
          return target.execProtocolRawStream(message, options);
        };
      }
      if (property === 'exec') {
        // The queue runs ROLLBACK through exec when a connection drops mid-query: that ends the span too.
        return (query: string) => {
          untilSync = false;
          return target.exec(query);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
