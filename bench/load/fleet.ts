import { join } from 'node:path';
import type { Weapon } from '@piste/contracts';
import type { CountsCheck, DeliveryRules, FencerSpec, PostTruth, WorkerSample } from './fencers';
import { WorkerProcess } from './worker-process';

/** Descriptors a worker may hold beyond one per socket (HTTP keep-alive connections, files). */
const SPARE_DESCRIPTORS = 1000;

/**
 * The capacity scenario's simulated fencers, spread over several worker processes (`fencer-worker.ts`): each
 * worker plays whole pairs of fencers (one messages the other), so a message's sender and receiver share a
 * process and its delivery can be timed.
 */
export class FencerFleet {
  private readonly workers: WorkerProcess[];

  constructor(count: number, maxFencers: number) {
    const openFiles = Math.ceil(maxFencers / count) + SPARE_DESCRIPTORS;
    this.workers = Array.from(
      { length: count },
      () => new WorkerProcess(join(__dirname, 'fencer-worker.js'), openFiles),
    );
  }

  get pids(): number[] {
    return this.workers.map((w) => w.pid);
  }

  /** Which of `workers` plays a fencer: pairs (2k, 2k+1) stay together. */
  static workerOf(index: number, workers: number): number {
    return Math.floor(index / 2) % workers;
  }

  /**
   * What the workers check events against, and whether their sockets take counts in batches (`posts:counts`, as
   * the web client does) or one `post:counts` a post.
   */
  async setup(
    watched: Record<Weapon, string[]>,
    rules: DeliveryRules,
    { batchedCounts }: { batchedCounts: boolean },
  ): Promise<void> {
    await this.all('setup', { watched, rules, batchedCounts });
  }

  /** Connects fencers (each worker its share, from a loopback address of its own); returns the failures. */
  async connect(fencers: FencerSpec[]): Promise<string[]> {
    const replies = await Promise.all(
      this.workers.map((worker, w) =>
        worker.request<{ failed: string[] }>('connect', {
          fencers: fencers.filter((f) => FencerFleet.workerOf(f.index, this.workers.length) === w),
          localAddress: `127.0.0.${10 + w}`,
        }),
      ),
    );
    return replies.flatMap((r) => r.failed);
  }

  act(): Promise<void> {
    return this.all('act').then(() => undefined);
  }

  sample(): Promise<WorkerSample[]> {
    return this.all<WorkerSample>('sample');
  }

  quiet(): Promise<WorkerSample[]> {
    return this.all<WorkerSample>('quiet');
  }

  async check(truth: Record<string, PostTruth>): Promise<CountsCheck> {
    const checks = await this.all<CountsCheck>('check', { truth });
    return {
      checked: checks.reduce((s, c) => s + c.checked, 0),
      stale: checks.reduce((s, c) => s + c.stale, 0),
      missing: checks.reduce((s, c) => s + c.missing, 0),
    };
  }

  reset(): Promise<void> {
    return this.all('reset').then(() => undefined);
  }

  async openSockets(): Promise<number> {
    return (await this.all<number>('open')).reduce((s, n) => s + n, 0);
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.request('close')));
    await Promise.all(this.workers.map((w) => w.stop()));
  }

  private all<T>(kind: string, body: object = {}): Promise<T[]> {
    return Promise.all(this.workers.map((w) => w.request<T>(kind, body)));
  }
}
