import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ReadinessReply } from '@piste/contracts';
import { JobsService } from '../jobs/jobs.service';
import { ObjectsService } from '../objects/objects.service';
import { RedisLink } from '../publisher/redis-link';
import { Lifecycle } from './lifecycle';

/** A probe must answer quickly even when a dependency hangs rather than refuses. */
const CHECK_TIMEOUT_MS = 1_000;

async function answers(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  try {
    await inTime(check());
    return 'up';
  } catch {
    return 'down';
  }
}

/** `work`, or a rejection once it has taken longer than a probe may. */
async function inTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this replica can serve: PostgreSQL, Redis (when configured) and object storage answer. The background
 * jobs' counts come along as details: failed jobs wait for a look, they do not make a replica unready.
 */
@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisLink,
    private readonly objects: ObjectsService,
    private readonly lifecycle: Lifecycle,
    private readonly jobs: JobsService,
  ) {}

  async readiness(): Promise<ReadinessReply> {
    const [postgres, storage, jobs] = await Promise.all([
      answers(() => this.dataSource.query('SELECT 1')),
      answers(() => this.objects.checkStorage()),
      inTime(this.jobs.counts()).catch(() => undefined),
    ]);
    const redis = this.redis.status();
    const healthy = postgres === 'up' && storage === 'up' && redis !== 'down';
    const status = this.lifecycle.shuttingDown ? 'shutting-down' : healthy ? 'ok' : 'unavailable';
    return { status, postgres, redis, storage, ...(jobs ? { jobs } : {}) };
  }
}
