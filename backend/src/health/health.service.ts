import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ReadinessReply } from '@piste/contracts';
import { ObjectsService } from '../objects/objects.service';
import { RedisLink } from '../publisher/redis-link';
import { Lifecycle } from './lifecycle';

/** A probe must answer quickly even when a dependency hangs rather than refuses. */
const CHECK_TIMEOUT_MS = 1_000;

async function answers(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this replica can serve: PostgreSQL, Redis (when configured) and object storage answer. */
@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisLink,
    private readonly objects: ObjectsService,
    private readonly lifecycle: Lifecycle,
  ) {}

  async readiness(): Promise<ReadinessReply> {
    const [postgres, storage] = await Promise.all([
      answers(() => this.dataSource.query('SELECT 1')),
      answers(() => this.objects.checkStorage()),
    ]);
    const redis = this.redis.status();
    const healthy = postgres === 'up' && storage === 'up' && redis !== 'down';
    const status = this.lifecycle.shuttingDown ? 'shutting-down' : healthy ? 'ok' : 'unavailable';
    return { status, postgres, redis, storage };
  }
}
