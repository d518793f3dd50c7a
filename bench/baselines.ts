import { baselineScript } from './paths';
import { startServer, type ServerProcess } from './server-process';
import type { BenchSettings } from './settings';
import { BENCH_SESSION_SECRET } from './piste';

/** `baselines/feed-server`: node:http + pg on the bench database. */
export function startBareFeed(settings: BenchSettings, prepared = true): Promise<ServerProcess> {
  return startServer(
    prepared ? 'bare feed' : 'bare feed, unnamed statements',
    baselineScript('feed-server'),
    {
      DATABASE_URL: settings.databaseUrl,
      ...(prepared ? {} : { BARE_STATEMENTS: 'unnamed' }),
    },
  );
}

/**
 * `baselines/framework-feed-server`: the bare feed's work served by `framework` (`express`, `nest-express`,
 * `nest-fastify`), with Piste's own `layers` of middleware on the Express-based ones.
 */
export function startFrameworkFeed(
  settings: BenchSettings,
  framework: string,
  layers: string[] = [],
): Promise<ServerProcess> {
  return startServer([framework, ...layers].join(' + '), baselineScript('framework-feed-server'), {
    DATABASE_URL: settings.databaseUrl,
    FRAMEWORK: framework,
    LAYERS: layers.join(','),
    SESSION_SECRET: BENCH_SESSION_SECRET,
    NODE_ENV: 'production',
  });
}

/** `baselines/realtime-server`: node:http + Socket.IO, in memory; `openFiles`: see `startServer`. */
export function startBareRealtime(openFiles?: number): Promise<ServerProcess> {
  return startServer('bare Socket.IO', baselineScript('realtime-server'), {}, { openFiles });
}
