import { baselineScript } from './paths';
import { startServer, type ServerProcess } from './server-process';
import type { BenchSettings } from './settings';

/** `baselines/feed-server`: node:http + pg on the bench database. */
export function startBareFeed(settings: BenchSettings): Promise<ServerProcess> {
  return startServer('bare feed', baselineScript('feed-server'), { DATABASE_URL: settings.databaseUrl });
}

/** `baselines/realtime-server`: node:http + Socket.IO, in memory; `openFiles`: see `startServer`. */
export function startBareRealtime(openFiles?: number): Promise<ServerProcess> {
  return startServer('bare Socket.IO', baselineScript('realtime-server'), {}, { openFiles });
}
