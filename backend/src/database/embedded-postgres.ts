import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/** Asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts PGlite behind a PostgreSQL wire-protocol socket on loopback, so the app talks plain `pg`.
 * `dataDir` undefined keeps the database in memory (tests); otherwise data lives under it.
 */
export async function startEmbeddedPostgres(dataDir: string | undefined): Promise<EmbeddedPostgres> {
  let location: string | undefined;
  if (dataDir) {
    location = resolve(join(dataDir, 'pglite'));
    mkdirSync(location, { recursive: true });
  }
  // The contrib modules ship as ES modules only.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(location, { extensions: { pg_trgm } });
  const port = await freePort();
  // PGlite runs one query at a time; the socket server queues them and keeps transactions on their connection.
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 16 });
  keepExtendedQueriesTogether(server, db);
  await server.start();
  new Logger('Database').log(
    `Embedded PostgreSQL (PGlite) on 127.0.0.1:${port}${location ? `, data in ${location}` : ', in memory'}`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
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
