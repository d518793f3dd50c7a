import 'reflect-metadata';
import type { Server } from 'node:http';
import { loadConfig } from './config/config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './database/embedded-postgres';
import { findEmptyDatabaseTemplate } from './database/empty-database';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // The embedded database opens on a thread of its own while this one loads the rest of the app, which takes
  // about as long; so the app's modules are loaded only once the database is on its way.
  const [
    embedded,
    { Logger },
    { Logger: PinoNestLogger, PinoLogger },
    { rootLogger },
    { exitGracefullyOnSignals },
    { createApp },
  ] = await Promise.all([
    config.databaseUrl
      ? undefined
      : startEmbeddedPostgres(config.dataDir, { template: () => findEmptyDatabaseTemplate() }),
    import('@nestjs/common'),
    import('nestjs-pino'),
    import('./common/logging.js'),
    import('./health/graceful-shutdown.js'),
    import('./app.factory.js'),
  ]);
  // Logs before the app exists (the embedded database) go through the same JSON logger.
  Logger.overrideLogger(new PinoNestLogger(new PinoLogger({ pinoHttp: { logger: rootLogger(config) } }), {}));
  if (embedded) new Logger('Database').log(describeEmbedded(embedded));
  const app = await createApp(
    config,
    embedded ? { url: embedded.url, embedded: true } : { url: config.databaseUrl!, embedded: false },
  );
  exitGracefullyOnSignals(app, config, async () => {
    await embedded?.stop();
  });
  await app.listen(config.port, config.host);
  const address = (app.getHttpServer() as Server).address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  new Logger('Piste').log(`Piste is listening on http://localhost:${port}`);
}

function describeEmbedded({ url, location, fromTemplate }: EmbeddedPostgres): string {
  const where = location ? `data in ${location}` : 'in memory';
  const made = fromTemplate ? ', new, from the migrated template of this build' : '';
  return `Embedded PostgreSQL (PGlite) on ${new URL(url).host}, ${where}${made}`;
}

bootstrap().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
