import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from '../paths';
import { withOpenFiles } from '../server-process';

interface Reply {
  id: number;
  value?: unknown;
  error?: string;
}

/**
 * A load-generating process of the bench, driven over its IPC channel: each request names a `kind` and gets one
 * reply. Several of them share the clients of a scenario, so that the generator is not one core's worth of
 * JavaScript and its cost is measured apart (`pid`).
 */
export class WorkerProcess {
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (err: Error) => void }
  >();
  private readonly child: ChildProcess;
  private readonly log: string[] = [];

  constructor(script: string, openFiles: number) {
    const [command, ...args] = withOpenFiles(openFiles, [process.execPath, script]);
    this.child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.log.push(chunk.toString());
      this.log.splice(0, Math.max(0, this.log.length - 20));
    });
    this.child.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.error !== undefined) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply.value);
    });
    this.child.on('exit', (code, signal) => {
      const reason = new Error(`a load worker exited (${code ?? signal}): ${this.log.join('')}`);
      for (const waiter of this.waiting.values()) waiter.reject(reason);
      this.waiting.clear();
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  request<T>(kind: string, body: object = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        reject(new Error(`the load worker has exited: ${this.log.join('')}`));
        return;
      }
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ id, kind, ...body });
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }
}

/** The worker's side: answers each request of the bench with what `handle` returns (or its error). */
export function serveRequests(
  handle: (kind: string, body: Record<string, unknown>) => Promise<unknown>,
): void {
  process.on('message', ({ id, kind, ...body }: { id: number; kind: string } & Record<string, unknown>) => {
    handle(kind, body).then(
      (value) => process.send?.({ id, value }),
      (err: unknown) => process.send?.({ id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
  process.on('SIGTERM', () => process.exit(0));
}
