import { Inject, Injectable } from '@nestjs/common';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { RateLimitName, RateLimitRule } from '../config/rate-limits';
import { RedisLink } from '../redis/redis-link';
import { TooManyRequestsException } from './too-many-requests';
import { withDeadline } from '../common/deadline';

/** How long a count may wait for Redis before it is kept in this process's memory instead. */
const REDIS_DEADLINE_MS = 500;

/** One limit's counters: in Redis (shared by every replica) when REDIS_URL is set, and always in memory. */
interface Counters {
  shared: RateLimiterRedis | undefined;
  local: RateLimiterMemory;
}

/**
 * Counts attempts against the abuse limits of the config (SECURITY.md, "Abuse limits"). With Redis the counts
 * are shared by every replica; while Redis is away (a failed or slow command) they continue in this process's
 * memory — the same limits per replica instead of across them — so an outage never turns into errors.
 */
@Injectable()
export class LimitsService {
  private readonly counters = new Map<string, Counters>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisLink,
  ) {}

  /** Counts one attempt of `key`; over the limit, throws a 429 saying how long to wait. */
  async consume(limit: RateLimitName, key: string): Promise<void> {
    try {
      await this.run(limit, this.config.rateLimits[limit], (counter) => counter.consume(key));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new TooManyRequestsException(err.msBeforeNext);
      throw err;
    }
  }

  /**
   * Counts one attempt of `key` against each of `limits`, even when another of them refuses it; over any, throws
   * the 429 with the longest wait, after which every one of them lets the key in again.
   */
  async consumeEach(limits: readonly RateLimitName[], key: string): Promise<void> {
    const outcomes = await Promise.allSettled(limits.map((limit) => this.consume(limit, key)));
    let refusal: TooManyRequestsException | undefined;
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') continue;
      if (!(outcome.reason instanceof TooManyRequestsException)) throw outcome.reason;
      if (!refusal || outcome.reason.retryAfterSeconds > refusal.retryAfterSeconds) refusal = outcome.reason;
    }
    if (refusal) throw refusal;
  }

  /** Gives back an attempt that turned out not to count. */
  async refund(limit: RateLimitName, key: string): Promise<void> {
    await this.run(limit, this.config.rateLimits[limit], (counter) => counter.reward(key));
  }

  /** Forgets every attempt of `key`. */
  async reset(limit: RateLimitName, key: string): Promise<void> {
    await this.run(limit, this.config.rateLimits[limit], (counter) => counter.delete(key));
  }

  /** Notes `key` in the list `list` for `seconds` (e.g. the addresses a username has signed in from). */
  async remember(list: string, key: string, seconds: number): Promise<void> {
    await this.run(list, { points: 1, windowSeconds: seconds, blockSeconds: 0 }, (c) =>
      c.set(key, 1, seconds),
    );
  }

  async remembers(list: string, key: string, seconds: number): Promise<boolean> {
    const found = await this.run(list, { points: 1, windowSeconds: seconds, blockSeconds: 0 }, (c) =>
      c.get(key),
    );
    return found !== null;
  }

  /**
   * Runs `operation` on Redis, falling back to memory when Redis fails (the limiter's insurance) or does not
   * answer within the deadline (a stalled connection).
   */
  private async run<T>(
    name: string,
    rule: RateLimitRule,
    operation: (counter: RateLimiterAbstract) => Promise<T>,
  ): Promise<T> {
    const { shared, local } = this.countersFor(name, rule);
    if (!shared) return operation(local);
    return withDeadline(operation(shared), REDIS_DEADLINE_MS, () => operation(local));
  }

  private countersFor(name: string, rule: RateLimitRule): Counters {
    const existing = this.counters.get(name);
    if (existing) return existing;
    const options = { points: rule.points, duration: rule.windowSeconds, blockDuration: rule.blockSeconds };
    const local = new RateLimiterMemory({ ...options, keyPrefix: name });
    const client = this.redis.commandClient();
    // Before Redis is connected (nothing is served then), count in memory without keeping that choice.
    if (this.redis.enabled && !client) return { shared: undefined, local };
    const shared = client
      ? new RateLimiterRedis({
          ...options,
          storeClient: client,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          keyPrefix: `${this.config.redisKeyPrefix}:limits:${name}`,
          insuranceLimiter: local,
        })
      : undefined;
    const counters = { shared, local };
    this.counters.set(name, counters);
    return counters;
  }
}
