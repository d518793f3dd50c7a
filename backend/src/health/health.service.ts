import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { ReadinessReply } from '@piste/contracts';
import { JobsService, type JobCounts } from '../jobs/jobs.service';
import { ObjectsService } from '../objects/objects.service';
import { RedisLink } from '../redis/redis-link';
import { Lifecycle } from './lifecycle';
import { withDeadline } from '../common/deadline';

/** A probe must answer quickly even when a dependency hangs rather than refuses. */
const CHECK_TIMEOUT_MS = 1_000;
/** A dependency that is only slow (busy) is called down after this many slow checks in a row. */
export const SLOW_CHECKS_FOR_DOWN = 3;

class TimedOut extends Error {}

/** `work`, or a rejection once it has taken longer than a probe may. */
function inTime<T>(work: Promise<T>): Promise<T> {
  return withDeadline(work, CHECK_TIMEOUT_MS, () => {
    throw new TimedOut('timed out');
  });
}

/**
 * Whether this replica can serve (DESIGN.md §3a, and the decisions in README "Health endpoints"):
 * - PostgreSQL answers, asked on a connection of the probe's own, so a pool that is busy with requests (high load,
 *   exactly when replicas must not be pulled) does not read as an outage. A refusal or error is down at once;
 *   slowness is down only after three slow checks in a row, so one slow answer under load never flaps readiness.
 * - Object storage answers, with the same rule.
 * - Redis does not decide readiness: every replica shares it, HTTP keeps working without it, and taking every
 *   replica out would turn lost live events (made good by a resync) into an outage. It is reported, and the
 *   status says `degraded`.
 * The background jobs' counts come along as details: failed jobs wait for a look, they do not make a replica unready.
 */
@Injectable()
export class HealthService implements OnApplicationShutdown {
  private probeClient: Client | undefined;
  private readonly slowInARow = new Map<'postgres' | 'storage', number>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisLink,
    private readonly objects: ObjectsService,
    private readonly lifecycle: Lifecycle,
    private readonly jobs: JobsService,
  ) {}

  async readiness(): Promise<ReadinessReply> {
    const [postgres, storage] = await Promise.all([
      this.answers('postgres', () => this.pingPostgres()),
      this.answers('storage', () => this.objects.checkStorage()),
    ]);
    // Counted on the probe's own connection too: a pool busy with requests must not hold the probe up.
    const probe = postgres === 'up' ? this.probeClient : undefined;
    const jobs = probe
      ? await inTime(this.jobs.counts((sql) => probe.query<JobCounts>(sql).then((r) => r.rows))).catch(
          () => undefined,
        )
      : undefined;
    const redis = this.redis.status();
    const serving = postgres === 'up' && storage === 'up';
    const status = this.lifecycle.shuttingDown
      ? 'shutting-down'
      : !serving
        ? 'unavailable'
        : redis === 'down'
          ? 'degraded'
          : 'ok';
    return { status, postgres, redis, storage, ...(jobs ? { jobs } : {}) };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.dropProbeClient();
  }

  private async answers(name: 'postgres' | 'storage', check: () => Promise<unknown>): Promise<'up' | 'down'> {
    try {
      await inTime(check());
      this.slowInARow.set(name, 0);
      return 'up';
    } catch (err) {
      if (!(err instanceof TimedOut)) return 'down';
      const slow = (this.slowInARow.get(name) ?? 0) + 1;
      this.slowInARow.set(name, slow);
      return slow >= SLOW_CHECKS_FOR_DOWN ? 'down' : 'up';
    }
  }

  /** `SELECT 1` on the probe's own connection, opened on first use and again after any failure. */
  private async pingPostgres(): Promise<void> {
    try {
      this.probeClient ??= await this.connectProbeClient();
      await this.probeClient.query('SELECT 1');
    } catch (err) {
      await this.dropProbeClient();
      throw err;
    }
  }

  private async connectProbeClient(): Promise<Client> {
    const { url } = this.dataSource.options as { url?: string };
    const client = new Client({ connectionString: url, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
    // A connection that breaks between probes is replaced by the next probe.
    client.on('error', () => void this.dropProbeClient());
    await client.connect();
    return client;
  }

  private async dropProbeClient(): Promise<void> {
    const client = this.probeClient;
    this.probeClient = undefined;
    await client?.end().catch(() => undefined);
  }
}
