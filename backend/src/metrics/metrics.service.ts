import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import { JobsService } from '../jobs/jobs.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { RedisLink } from '../redis/redis-link';
import { withDeadline } from '../common/deadline';

/** A scrape must not hang on a dependency that hangs: a check that takes longer counts as down. */
const CHECK_TIMEOUT_MS = 1_000;
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route a request matched, as its template (`/api/posts/:id`), never the raw path: ids would make a series
 * per post. What no route answered is named by kind: the web app's files, uploaded objects, or nothing at all.
 */
export function routeTemplate(req: Request): string {
  const { route } = req as unknown as { route?: { path?: unknown } };
  // A catch-all route (the API's 404) is no template worth a series of its own.
  if (typeof route?.path === 'string' && !route.path.includes('*'))
    return `${req.baseUrl ?? ''}${route.path}`;
  if (req.path.startsWith('/api/') || req.path.startsWith('/health/')) return 'unmatched';
  if (req.path.startsWith('/objects/')) return 'objects';
  return 'web-app';
}

function withinTime<T>(work: Promise<T>): Promise<T> {
  return withDeadline(work, CHECK_TIMEOUT_MS, () => {
    throw new Error('timed out');
  });
}

/**
 * Prometheus metrics of one replica (DESIGN.md §3b): HTTP requests by route template, method and status with their
 * latency; sockets; events emitted; whether PostgreSQL and Redis answer; the connection pool; jobs; the process.
 * Each app has a registry of its own, so several apps in one process (tests) do not mix their series.
 */
@Injectable()
export class MetricsService implements OnModuleInit {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'piste_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'piste_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: RedisLink,
    private readonly publisher: RealtimePublisher,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    const events = new Counter({
      name: 'piste_events_emitted_total',
      help: 'Live events emitted by this replica, by event name',
      labelNames: ['event'] as const,
      registers,
    });
    this.publisher.onPublished((event) => events.inc({ event }));

    const publisher = this.publisher;
    new Gauge({
      name: 'piste_sockets_connected',
      help: 'Sockets connected to this replica',
      registers,
      collect() {
        this.set(publisher.localSocketCount());
      },
    });

    const dataSource = this.dataSource;
    new Gauge({
      name: 'piste_postgres_up',
      help: 'Whether PostgreSQL answers (1) or not (0)',
      registers,
      async collect() {
        const up = await withinTime(dataSource.query('SELECT 1')).then(
          () => 1,
          () => 0,
        );
        this.set(up);
      },
    });
    const pool = () => (dataSource.driver as unknown as { master?: Pool }).master;
    new Gauge({
      name: 'piste_db_pool_connections',
      help: 'Database connections of this replica, in use or idle',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const current = pool();
        this.set({ state: 'in_use' }, current ? current.totalCount - current.idleCount : 0);
        this.set({ state: 'idle' }, current?.idleCount ?? 0);
      },
    });
    new Gauge({
      name: 'piste_db_pool_waiting',
      help: 'Requests waiting for a database connection on this replica',
      registers,
      collect() {
        this.set(pool()?.waitingCount ?? 0);
      },
    });

    const redis = this.redis;
    if (redis.enabled) {
      new Gauge({
        name: 'piste_redis_up',
        help: 'Whether both Redis connections are ready (1) or not (0)',
        registers,
        collect() {
          this.set(redis.status() === 'up' ? 1 : 0);
        },
      });
      new Counter({
        name: 'piste_redis_messages_received_total',
        help: 'Messages the Socket.IO adapter of this replica received from Redis (events and requests of every replica)',
        registers,
        collect() {
          this.reset();
          this.inc(redis.messagesReceived);
        },
      });
    }

    const jobs = this.jobs;
    new Gauge({
      name: 'piste_jobs',
      help: 'Background jobs queued, running and failed (kept for a look), by kind',
      labelNames: ['name', 'state'] as const,
      registers,
      async collect() {
        this.reset();
        const counts = await withinTime(jobs.countsByKind()).catch(() => []);
        for (const { name, state, count } of counts) this.set({ name, state }, count);
      },
    });
  }

  /** Counts and times every HTTP request once it is answered. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const end = this.latency.startTimer();
    res.once('finish', () => {
      const labels = { method: req.method, route: routeTemplate(req), status: String(res.statusCode) };
      this.requests.inc(labels);
      end(labels);
    });
    next();
  };

  /** The metrics in Prometheus' text format. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
