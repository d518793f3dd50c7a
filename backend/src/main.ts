import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig } from './config/config';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { createApp } from './app.factory';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = new Logger('Piste');
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const app = await createApp(config, config.databaseUrl ?? embedded!.url);
  if (embedded) {
    const close = app.close.bind(app);
    app.close = async () => {
      await close();
      await embedded.stop();
    };
  }
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
