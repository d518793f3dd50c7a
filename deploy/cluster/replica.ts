import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** One line a replica wrote, parsed when it is a JSON log record (LOG_FORMAT=json). */
export interface ReplicaLogLine {
  replica: string;
  stream: 'stdout' | 'stderr';
  text: string;
  json: Record<string, unknown> | undefined;
  /** Date.now() when the line arrived. */
  at: number;
}

export interface ReplicaExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ReplicaOptions {
  /** Shown in log prefixes and errors, e.g. "A". */
  name: string;
  port: number;
  host?: string;
  /** The whole environment of the process; PORT and HOST are set from the options. */
  env: NodeJS.ProcessEnv;
  /** The built backend; defaults to backend/dist/main.js of this repository. */
  entry?: string;
  onLine?: (line: ReplicaLogLine) => void;
}

/** The repository root: the nearest folder above this file that holds backend/package.json. */
export function repositoryRoot(from = __dirname): string {
  let dir = resolve(from);
  while (!existsSync(join(dir, 'backend', 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no Piste repository above ${from}`);
    dir = parent;
  }
  return dir;
}

export function builtBackendEntry(): string {
  return join(repositoryRoot(), 'backend', 'dist', 'main.js');
}

/** A Piste server (`node backend/dist/main.js`) running as a child process, with its output kept. */
export class Replica {
  readonly name: string;
  readonly url: string;
  readonly lines: ReplicaLogLine[] = [];
  /** Resolves when the process has exited (never rejects). */
  readonly exited: Promise<ReplicaExit>;
  exit: ReplicaExit | undefined;
  private readonly child: ChildProcess;
  private readonly listeners = new Set<(line: ReplicaLogLine) => void>();

  constructor(options: ReplicaOptions) {
    const host = options.host ?? '127.0.0.1';
    const entry = options.entry ?? builtBackendEntry();
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
    this.name = options.name;
    this.url = `http://${host}:${options.port}`;
    // Its own process group, so that only this launcher signals it (Ctrl-C reaches the launcher alone).
    this.child = spawn(process.execPath, ['--max-semi-space-size=64', entry], {
      cwd: repositoryRoot(),
      env: { ...options.env, PORT: String(options.port), HOST: host },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    if (options.onLine) this.listeners.add(options.onLine);
    for (const stream of ['stdout', 'stderr'] as const) {
      createInterface({ input: this.child[stream]! }).on('line', (text) => this.record(stream, text));
    }
    this.exited = new Promise((resolveExit) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolveExit(this.exit);
      });
      this.child.once('error', (err) => {
        this.record('stderr', `could not start: ${err.message}`);
        this.exit = { code: null, signal: null };
        resolveExit(this.exit);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  /** Sends a signal to the process; false when it has already exited. */
  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    if (!this.running) return false;
    return this.child.kill(signal);
  }

  /** SIGTERM, then SIGKILL when it has not exited within `timeoutMs`. */
  async stop(timeoutMs = 20_000): Promise<ReplicaExit> {
    if (!this.running) return this.exited;
    this.kill('SIGTERM');
    const timer = setTimeout(() => this.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Resolves once GET /health/ready answers 200 (or, on a build without it, its alias /api/health);
   * rejects when the process exits first or the time runs out, quoting the last lines it wrote.
   */
  async waitReady(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let path = '/health/ready';
    let last = 'no answer';
    while (Date.now() < deadline) {
      if (!this.running)
        throw new Error(`replica ${this.name} exited (${describeExit(this.exit)})${this.tail()}`);
      try {
        const res = await fetch(this.url + path, { signal: AbortSignal.timeout(2_000) });
        last = `${path} answered ${res.status}`;
        await res.arrayBuffer();
        if (res.status === 200) return;
        if (res.status === 404 && path !== '/api/health') path = '/api/health';
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`replica ${this.name} not ready within ${timeoutMs} ms (${last})${this.tail()}`);
  }

  /** Resolves with the first line (already written or still to come) that matches. */
  waitForLine(match: (line: ReplicaLogLine) => boolean, timeoutMs = 10_000): Promise<ReplicaLogLine> {
    const seen = this.lines.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolveLine, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`replica ${this.name}: no matching log line within ${timeoutMs} ms${this.tail()}`));
      }, timeoutMs);
      const listener = (line: ReplicaLogLine) => {
        if (!match(line)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolveLine(line);
      };
      this.listeners.add(listener);
    });
  }

  /** The last lines of output, for error messages. */
  tail(count = 15): string {
    const lines = this.lines.slice(-count).map((l) => `  ${l.stream === 'stderr' ? '!' : '>'} ${l.text}`);
    return lines.length ? `\nlast output of ${this.name}:\n${lines.join('\n')}` : '';
  }

  private record(stream: ReplicaLogLine['stream'], text: string): void {
    const line: ReplicaLogLine = {
      replica: this.name,
      stream,
      text,
      json: parseJsonLine(text),
      at: Date.now(),
    };
    this.lines.push(line);
    for (const listener of [...this.listeners]) listener(line);
  }
}

export function startReplica(options: ReplicaOptions): Replica {
  return new Replica(options);
}

export function describeExit(exit: ReplicaExit | undefined): string {
  if (!exit) return 'running';
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
}

function parseJsonLine(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
