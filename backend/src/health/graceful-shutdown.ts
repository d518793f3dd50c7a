import { INestApplication, Logger } from '@nestjs/common';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppConfig } from '../config/config';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { Lifecycle } from './lifecycle';

const logger = new Logger('Shutdown');

/**
 * Stops a replica without failing anyone (DESIGN.md §3a): readiness turns 503 at once; the server keeps
 * answering for the drain delay while load balancers notice; then it stops accepting, lets in-flight requests
 * finish (up to the grace time), closes this replica's sockets so their clients reconnect elsewhere, lets the
 * background jobs it runs finish (up to the grace time again; JobsService, before the database closes), and
 * closes Redis and the database.
 */
export async function shutDownGracefully(
  app: INestApplication,
  config: AppConfig,
  signal: string,
): Promise<void> {
  const lifecycle = app.get(Lifecycle);
  const server = app.getHttpServer() as Server;
  const { drainMs, graceMs } = config.shutdown;
  lifecycle.beginShutdown();
  logger.log(`${signal}: shutting down (readiness reports 503; draining for ${drainMs} ms)`);
  if (drainMs > 0) await sleep(drainMs);

  // Stop accepting connections; idle keep-alive connections close now, busy ones after their reply.
  server.close();
  server.closeIdleConnections();
  const inFlight = lifecycle.requestsInFlight;
  if (!(await lifecycle.whenIdle(graceMs))) {
    logger.warn(`${lifecycle.requestsInFlight} of ${inFlight} request(s) still running after ${graceMs} ms`);
  }
  server.closeIdleConnections();

  app.get(RealtimePublisher).disconnectLocalSockets();
  // Whatever is still open now (a stalled client) must not hold the exit.
  const force = setTimeout(() => server.closeAllConnections(), 2_000).unref();
  await app.close();
  clearTimeout(force);
  logger.log('Stopped');
}

/** Runs the graceful shutdown on SIGTERM or SIGINT (a second signal exits at once), then `afterClose`, then exits. */
export function exitGracefullyOnSignals(
  app: INestApplication,
  config: AppConfig,
  afterClose: () => Promise<void>,
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    shutDownGracefully(app, config, signal)
      .then(afterClose)
      .then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error(`Shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
