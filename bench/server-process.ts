import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../test/free-port';
import { PROBE, ROOT } from './paths';

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/** A server under measurement, running in its own process with the bench probe loaded. */
export interface ServerProcess {
  url: string;
  /** The server's process id (for its CPU and memory in /proc). */
  pid: number;
  /** Live heap bytes after two full collections. */
  heapUsed(): Promise<number>;
  /** Queries sent through `pg` since the process started. */
  statements(): Promise<number>;
  /** Milliseconds paused for garbage collection since the process started. */
  gcMs(): Promise<number>;
  /** The longest garbage collection pause (ms) since this was last asked. */
  gcLongest(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Spawns `node --max-semi-space-size=64 --expose-gc --require probe.cjs <script>` on a free loopback port and waits until
 * `/health/ready` answers 200. Only PATH and `env` reach the child: the bench's own DATABASE_URL must not.
 * With `openFiles`, the server may hold that many descriptors (as far as the hard limit allows, see
 * `withOpenFiles`).
 */
export async function startServer(
  name: string,
  script: string,
  env: Record<string, string>,
  { openFiles, nodeFlags = [] }: { openFiles?: number; nodeFlags?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const [command, ...args] = withOpenFiles(openFiles, [
    process.execPath,
    ...profileFlags(name),
    // As the image and `npm start` run Piste (README, deploy); the same for every server, baselines too.
    '--max-semi-space-size=64',
    ...nodeFlags,
    '--expose-gc',
    '--require',
    PROBE,
    script,
  ]);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...heapProfileEnv(), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const log = keepLastLines(child);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(name, url, child, log);
  const ask = probeClient(child);
  return {
    url,
    pid: child.pid!,
    heapUsed: () => ask('heap'),
    statements: () => ask('statements'),
    gcMs: () => ask('gcMs'),
    gcLongest: () => ask('gcLongest'),
    stop: () => stopChild(child),
  };
}

/**
 * With BENCH_CPU_PROFILE=<folder>, each server writes a V8 CPU profile there when it exits (Piste exits on
 * SIGTERM; read one with `node bench/dist/bench/profile-summary.js <file>`).
 */
function profileFlags(name: string): string[] {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return [];
  return [
    '--cpu-prof',
    `--cpu-prof-dir=${folder}`,
    `--cpu-prof-name=${name.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`,
  ];
}

/** With BENCH_HEAP_PROFILE=<folder>, each server's probe samples its allocations and writes them there on exit. */
function heapProfileEnv(): Record<string, string> {
  const { BENCH_HEAP_PROFILE: folder, BENCH_HEAP_PROFILE_SURVIVORS: survivors = '' } = process.env;
  return folder ? { BENCH_HEAP_PROFILE: folder, BENCH_HEAP_PROFILE_SURVIVORS: survivors } : {};
}

/**
 * The command line that runs `command` allowed `openFiles` descriptors: through `sh`, whose `ulimit` raises the
 * soft limit (and the hard one, when run as root) before it `exec`s the command in its own place (same pid, IPC
 * channel kept). When that is refused, the command gets the hard limit; `openFileLimit` tells what it got.
 */
export function withOpenFiles(openFiles: number | undefined, command: string[]): string[] {
  if (!openFiles) return command;
  const raise = `ulimit -n ${openFiles} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`;
  return ['/bin/sh', '-c', raise, ...command];
}

function keepLastLines(child: ChildProcess): string[] {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 30));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return lines;
}

async function waitUntilReady(name: string, url: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited before it was ready:\n${log.join('\n')}`);
    try {
      const res = await fetch(`${url}/health/ready`);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${log.join('\n')}`);
    }
    await sleep(50);
  }
}

/** Request/reply over the IPC channel with the probe. */
function probeClient(
  child: ChildProcess,
): (kind: 'heap' | 'statements' | 'gcMs' | 'gcLongest') => Promise<number> {
  let nextId = 0;
  const waiting = new Map<number, (value: number) => void>();
  child.on('message', (reply: { id: number; value: number }) => {
    waiting.get(reply.id)?.(reply.value);
    waiting.delete(reply.id);
  });
  return (kind) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the probe did not answer '${kind}'`));
      }, 30_000);
      waiting.set(id, (value) => {
        clearTimeout(timer);
        resolve(value);
      });
      child.send({ id, kind });
    });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(killer);
}
