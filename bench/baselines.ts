import { baselineScript } from './paths';
import { startServer, type ServerProcess } from './server-process';
import type { BenchSettings } from './settings';

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

/** `baselines/realtime-server`: node:http + Socket.IO, in memory; `openFiles`: see `startServer`. */
export function startBareRealtime(openFiles?: number): Promise<ServerProcess> {
  return startServer('bare Socket.IO', baselineScript('realtime-server'), {}, { openFiles });
}
