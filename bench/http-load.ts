import autocannon from 'autocannon';
import { cpuSeconds } from './load/process-stats';
import type { ServerProcess } from './server-process';
import { loadAverage } from './stats';

/** Concurrent clients of every HTTP throughput run. */
export const CONNECTIONS = 50;

export interface HttpFigures {
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** How many replies of each status other than 2xx. */
  otherStatuses: Record<string, number>;
  errors: number;
  /** SQL statements the server sent per request during the run (from the probe's count). */
  statementsPerRequest: number;
  /** CPU time (user + system) the server's process spent per request during the run, in microseconds. */
  cpuMicrosPerRequest: number;
  /** Milliseconds the server was paused for garbage collection, per second of the run. */
  gcMsPerSecond: number;
  /** The server's longest garbage collection pause during the run (ms). */
  gcLongestMs: number;
  load: number;
}

/** `CONNECTIONS` keep-alive clients GET `path` for `seconds`, each with the session cookie. */
export async function hammer(
  server: ServerProcess,
  path: string,
  cookie: string,
  seconds: number,
): Promise<HttpFigures> {
  const statementsBefore = await server.statements();
  const gcBefore = await server.gcMs();
  await server.gcLongest();
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({
    url: server.url + path,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie },
  });
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const statements = (await server.statements()) - statementsBefore;
  const gcMs = (await server.gcMs()) - gcBefore;
  const gcLongestMs = await server.gcLongest();
  const requests = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    otherStatuses: otherStatuses(result.statusCodeStats ?? {}),
    errors: result.errors,
    statementsPerRequest: requests ? statements / requests : NaN,
    cpuMicrosPerRequest: requests ? (cpu * 1e6) / requests : NaN,
    gcMsPerSecond: gcMs / seconds,
    gcLongestMs,
    load: loadAverage(),
  };
}

function otherStatuses(stats: Record<string, { count?: number }>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(stats)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => [status, count ?? 0]),
  );
}

/** A short unrecorded run, so JIT compilation and pool connections are in place before measuring. */
export async function warmUp(server: ServerProcess, path: string, cookie: string): Promise<void> {
  await autocannon({ url: server.url + path, connections: CONNECTIONS, duration: 2, headers: { cookie } });
}
