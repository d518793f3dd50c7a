import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'redis';
import { freePort } from '../../test/free-port';

const READY_TIMEOUT_MS = 10_000;

/**
 * A Redis server of the bench's own (`redis-server` on a free loopback port, nothing saved), so that what the
 * replicas send through it can be counted without anyone else's traffic, and its CPU measured.
 */
export interface PrivateRedis {
  url: string;
  pid: number;
  /** `INFO` fields, e.g. `total_commands_processed` or `cmdstat_spublish`. */
  info(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** Null when `redis-server` is not installed. */
export async function startPrivateRedis(): Promise<PrivateRedis | null> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxclients',
      '10000',
    ],
    { stdio: 'ignore' },
  );
  const spawned = await new Promise<boolean>((resolve) => {
    child.once('spawn', () => resolve(true));
    child.once('error', () => resolve(false));
  });
  if (!spawned) return null;
  const url = `redis://127.0.0.1:${port}`;
  const client = createClient({ url });
  client.on('error', () => undefined);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      await client.connect();
      break;
    } catch (err) {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw err;
      }
      await sleep(100);
    }
  }
  return {
    url,
    pid: child.pid!,
    info: async () => {
      const text = await client.sendCommand<string>(['INFO', 'everything']);
      const fields: Record<string, string> = {};
      for (const line of String(text).split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1);
      }
      return fields;
    },
    stop: async () => {
      client.destroy();
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
