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
