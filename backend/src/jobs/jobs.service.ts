import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { DatabaseLocation } from '../database/data-source';
import type { JobKind } from './job-kind';
import { bossOptions, jobsSchemaFor, loadPgBoss, onConnectionOf, type PgBoss } from './pg-boss';

/** Where pg-boss connects: the app's database (JobsModule.forRoot). */
export const JOBS_DATABASE = Symbol('JOBS_DATABASE');

/** One attempt at a job, as its handler sees it. */
export interface JobRun {
  id: string;
  /** 1 for the first attempt, 2 for the first retry … */
  attempt: number;
  /** Aborted when the attempt has run out of time or the replica stops. */
  signal: AbortSignal;
}

/**
 * Does a job's work. A job may run more than once (a retry after a failure, or after a replica stopped mid-way):
 * a handler checks what an earlier attempt already did where it can, so a retry never does it twice.
 */
export type JobHandler<Data extends object> = (data: Data, run: JobRun) => Promise<void> | void;

export interface EnqueueOptions {
  /** Run no sooner than this many seconds from now. */
  startAfterSeconds?: number;
}

/** Jobs waiting to run (new or waiting for a retry) and jobs that used up their retries and are kept as failed. */
export interface JobCounts {
  queued: number;
  failed: number;
}

interface Registration {
  kind: JobKind<object>;
  handler: JobHandler<object>;
  /** Creating its queue and, on a worker replica, starting the worker that polls it; once pg-boss runs. */
  activation?: Promise<void>;
  /** Its queue exists, so jobs may be enqueued. */
  queueReady: boolean;
}

/** pg-boss's background failures are logged at most once a minute (while PostgreSQL is away, they come in bursts). */
const BACKGROUND_ERRORS_QUIET_MS = 60_000;

/**
 * Durable background jobs in PostgreSQL (pg-boss): a domain declares a kind of job (`defineJob`), registers its
 * handler, typically in `onModuleInit`, and enqueues jobs in the transaction of their cause. Any replica may run
 * a job and each job runs once at a time (pg-boss claims it with SKIP LOCKED); a failure is retried with
 * exponential backoff, and a job that keeps failing is kept as failed, counted by /health/ready. One pg-boss per
 * replica, started once the database is migrated and stopped before it closes.
 */
@Injectable()
export class JobsService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly registrations = new Map<string, Registration>();
  private readonly schema: string;
  private boss: PgBoss | undefined;
  private backgroundErrors = { loggedAt: 0, heldBack: 0 };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOBS_DATABASE) private readonly database: DatabaseLocation,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.schema = jobsSchemaFor(config.databaseSchema);
  }

  /** Starts pg-boss (the data source, which it needs migrated, is ready before any module initialises). */
  async onModuleInit(): Promise<void> {
    const Boss = await loadPgBoss();
    const boss = new Boss(bossOptions(this.database, this.config.databaseSchema));
    boss.on('error', (err: Error) => this.backgroundError(err));
    boss.on('warning', ({ message }) => this.logger.warn(message));
    await boss.start();
    this.boss = boss;
    for (const registration of this.registrations.values()) await this.activate(boss, registration);
  }

  /**
   * Stops polling and lets running jobs finish (within the shutdown grace time; they may still enqueue), then
   * closes pg-boss's pool. A job cut short is failed and retried later, on any replica.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.boss?.stop({ graceful: true, timeout: this.config.shutdown.graceMs });
    this.boss = undefined;
  }

  /**
   * Registers the handler of a kind of job (once per kind). Its queue is created if it is new, and on a replica
   * that runs jobs (JOBS_WORKER) a worker starts polling it.
   */
  async register<Data extends object>(kind: JobKind<Data>, handler: JobHandler<Data>): Promise<void> {
    if (this.registrations.has(kind.name)) throw new Error(`Job '${kind.name}' is registered twice`);
    const registration: Registration = {
      kind,
      handler: handler as JobHandler<object>,
      queueReady: false,
    };
    this.registrations.set(kind.name, registration);
    if (this.boss) await this.activate(this.boss, registration);
  }

  /**
   * Inserts a job through `manager`: pass the manager of the transaction that causes it, so the job commits with
   * it and is gone if it rolls back. Its handler runs after the commit, on any replica.
   */
  async enqueue<Data extends object>(
    manager: EntityManager,
    kind: JobKind<Data>,
    data: Data,
    options: EnqueueOptions = {},
  ): Promise<string> {
    const boss = this.boss;
    if (!boss) throw new Error(`Job '${kind.name}' enqueued while background jobs are not running`);
    // pg-boss looks an unknown queue up on its own connection, which must not happen inside a transaction.
    if (!this.registrations.get(kind.name)?.queueReady) {
      throw new Error(`Job '${kind.name}' enqueued but never registered`);
    }
    const id = await boss.send(kind.name, data, {
      ...queueOptions(kind),
      startAfter: options.startAfterSeconds,
      db: onConnectionOf(manager),
    });
    if (!id) throw new Error(`Job '${kind.name}' was not enqueued`);
    return id;
  }

  /** Queued and failed jobs of every kind, for the readiness probe. */
  async counts(
    query: (sql: string) => Promise<JobCounts[]> = (sql) => this.dataSource.query(sql),
  ): Promise<JobCounts> {
    const [row] = await query(
      `SELECT count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued,
              count(*) FILTER (WHERE state = 'failed')::int AS failed
         FROM "${this.schema}".job
        WHERE state IN ('created', 'retry', 'failed')`,
    );
    return { queued: row?.queued ?? 0, failed: row?.failed ?? 0 };
  }

  /** Jobs waiting, running and failed, by kind (for metrics); kinds with none are left out. */
  async countsByKind(): Promise<{ name: string; state: 'queued' | 'running' | 'failed'; count: number }[]> {
    return this.dataSource.query(
      `SELECT "name", CASE WHEN state IN ('created', 'retry') THEN 'queued'
                           WHEN state = 'active' THEN 'running' ELSE 'failed' END AS "state",
              count(*)::int AS "count"
         FROM "${this.schema}".job
        WHERE state IN ('created', 'retry', 'active', 'failed')
        GROUP BY 1, 2`,
    );
  }

  private activate(boss: PgBoss, registration: Registration): Promise<void> {
    registration.activation ??= this.startQueue(boss, registration);
    return registration.activation;
  }

  private async startQueue(boss: PgBoss, registration: Registration): Promise<void> {
    const { kind } = registration;
    await boss.createQueue(kind.name, queueOptions(kind));
    registration.queueReady = true;
    if (!this.config.jobs.worker) return;
    await boss.work<object>(
      kind.name,
      { batchSize: 1, pollingIntervalSeconds: kind.options.pollSeconds },
      async (jobs) => {
        for (const job of jobs) await this.run(registration, job);
      },
    );
  }

  private async run(
    { kind, handler }: Registration,
    job: { id: string; data: object; retryCount: number; signal: AbortSignal },
  ): Promise<void> {
    const attempt = job.retryCount + 1;
    try {
      await handler(job.data, { id: job.id, attempt, signal: job.signal });
    } catch (err) {
      const attempts = kind.options.retryLimit + 1;
      const outcome = attempt < attempts ? 'will retry' : 'kept as failed';
      this.logger.warn(
        `Job ${kind.name} ${job.id} failed (attempt ${attempt} of ${attempts}, ${outcome}): ${messageOf(err)}`,
      );
      throw err;
    }
  }

  /**
   * pg-boss's own failures (polling, maintenance), say while PostgreSQL is away: one line, then quiet for a minute;
   * the next line says how many were held back. pg-boss keeps trying and recovers by itself.
   */
  private backgroundError(err: Error): void {
    const now = Date.now();
    const errors = this.backgroundErrors;
    if (now - errors.loggedAt < BACKGROUND_ERRORS_QUIET_MS) {
      errors.heldBack += 1;
      return;
    }
    const heldBack = errors.heldBack ? ` (${errors.heldBack} more since the last such line)` : '';
    this.backgroundErrors = { loggedAt: now, heldBack: 0 };
    this.logger.warn(`Background jobs: ${err.message}${heldBack}`);
  }
}

/** A kind's retry and expiry settings, as pg-boss takes them for its queue and for each job. */
function queueOptions(kind: JobKind<object>) {
  const { retryLimit, retryDelaySeconds, retryDelayMaxSeconds, expireInSeconds } = kind.options;
  return {
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: retryDelayMaxSeconds,
    expireInSeconds,
    // Completed and failed jobs are kept this long, so a failure can be looked into.
    deleteAfterSeconds: JOBS_KEPT_SECONDS,
  };
}

/** How long finished jobs are kept: two weeks. */
export const JOBS_KEPT_SECONDS = 14 * 24 * 60 * 60;

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
