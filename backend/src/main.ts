import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { Logger as PinoNestLogger, PinoLogger } from 'nestjs-pino';
import { loadConfig } from './config/config';
import { rootLogger } from './common/logging';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { exitGracefullyOnSignals } from './health/graceful-shutdown';
import { createApp } from './app.factory';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // Logs before the app exists (the embedded database) go through the same JSON logger.
  Logger.overrideLogger(new PinoNestLogger(new PinoLogger({ pinoHttp: { logger: rootLogger(config) } }), {}));
  const logger = new Logger('Piste');
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const app = await createApp(config, config.databaseUrl ?? embedded!.url);
  exitGracefullyOnSignals(app, config, async () => {
    await embedded?.stop();
  });
  await app.listen(config.port, config.host);
  const server = app.getHttpServer() as import('node:http').Server;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.log(`Piste is listening on http://localhost:${port}`);
}

bootstrap().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
