import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { withDeadline } from '../common/deadline';

const newClient = (url: string, disableOfflineQueue: boolean) => createClient({ url, disableOfflineQueue });
type RedisClient = ReturnType<typeof newClient>;

/** How long to wait, once both connections are back, before the resync (both usually return together). */
const RESYNC_DELAY_MS = 200;
/** How soon to try again when the resync itself could not be published. */
const RESYNC_RETRY_MS = 1_000;
/** The longest a shutdown waits for Redis to finish pending commands. */
const CLOSE_TIMEOUT_MS = 2_000;

/**
 * Wraps a client so that the named commands never reject: a failure goes to its handler, whose value the
 * command then resolves with. Everything else passes through unchanged.
 */
function guard<T extends object>(client: T, handlers: Record<string, (err: string) => unknown>): T {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      const onFailure = typeof property === 'string' ? handlers[property] : undefined;
      if (!onFailure) return method;
      return (...args: unknown[]) =>
        Promise.resolve(method(...args)).catch((err: unknown) =>
          onFailure(err instanceof Error ? err.message : String(err)),
        );
    },
  });
}

/** The subscribing connection's commands that hand a listener every message of a channel (or pattern). */
const SUBSCRIPTIONS = new Set([
  'subscribe',
  'unsubscribe',
  'pSubscribe',
  'pUnsubscribe',
  'sSubscribe',
  'sUnsubscribe',
]);

type Listener = (...args: unknown[]) => unknown;

/**
 * Wraps a subscribing client so that `count` runs for every message it hands to a listener. Unsubscribing with
 * a listener finds its wrapped self; everything else passes through unchanged.
 */
function counted<T extends object>(client: T, count: () => void): T {
  const wrapped = new WeakMap<Listener, Listener>();
  const wrap = (listener: unknown) => {
    if (typeof listener !== 'function') return listener;
    const original = listener as Listener;
    let counting = wrapped.get(original);
    if (!counting) {
      counting = (...args) => {
        count();
        return original(...args);
      };
      wrapped.set(original, counting);
    }
    return counting;
  };
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || typeof property !== 'string' || !SUBSCRIPTIONS.has(property))
        return value;
      const method = value as Listener;
      return (channels: unknown, listener: unknown, ...rest: unknown[]) =>
        method.call(target, channels, wrap(listener), ...rest);
    },
  });
}

/**
 * The Redis connections behind the Socket.IO adapter, kept so that no Redis fault can end the process and no
 * lost event goes unnoticed (DESIGN.md §3a):
 * - the publishing connection has no offline queue, so a publish while Redis is away fails at once instead of
 *   piling up, and its rejection is caught here (the adapter does not catch it);
 * - whenever an event may have been lost (a failed publish, a dropped connection) and both connections are
 *   back, `onRecovered` listeners run: the publisher tells every socket on every replica to resync. Each replica
 *   does this for its own losses, so an event it failed to publish is never covered only by another replica's
 *   earlier resync. If that resync cannot be published either, it is tried again.
 */
@Injectable()
export class RedisLink implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  private pub: RedisClient | undefined;
  private sub: RedisClient | undefined;
  private mayHaveLostEvents = false;
  private connectionLost = false;
  private closing = false;
  private resyncTimer: NodeJS.Timeout | undefined;
  private readonly recoveredListeners = new Set<() => void>();
  private received = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return !!this.config.redisUrl;
  }

  async connect(): Promise<void> {
    if (!this.config.redisUrl || this.pub) return;
    const pub = newClient(this.config.redisUrl, true);
    const sub = newClient(this.config.redisUrl, false);
    for (const client of [pub, sub]) {
      client.on('error', (err: Error) => this.connectionFailed(err));
      client.on('ready', () => this.connectionReady());
    }
    await Promise.all([pub.connect(), sub.connect()]);
    this.pub = pub;
    this.sub = sub;
    if (this.config.redisAdapter === 'sharded') await this.requireShardedPubSub(pub);
  }

  /**
   * Sharded pub/sub came with Redis 7: on an older server every subscription would fail and no event would cross
   * replicas, so the start fails instead, naming the fix. (A server that hides its version is trusted.)
   */
  private async requireShardedPubSub(client: RedisClient): Promise<void> {
    const info = await client.info('server').catch(() => '');
    const version = /redis_version:([\d.]+)/.exec(info)?.[1];
    if (version && Number(version.split('.')[0]) < 7) {
      await this.onApplicationShutdown();
      throw new Error(
        `REDIS_ADAPTER=sharded needs Redis 7 or newer (sharded pub/sub), and this server is ${version}: ` +
          'upgrade it or set REDIS_ADAPTER=classic',
      );
    }
  }

  /**
   * The clients for `@socket.io/redis-adapter`, which fires its commands without catching them: a publish that
   * fails marks the loss (and a resync follows) instead of rejecting, and a (un)subscribe that fails (Redis
   * away at shutdown) is logged instead of rejecting. Every message the adapter receives is counted.
   */
  adapterClients(): { pubClient: RedisClient; subClient: RedisClient } {
    if (!this.pub || !this.sub) throw new Error('Redis is not connected');
    const lost = (err: string) => {
      this.eventsLost(`publish failed: ${err}`);
      return 0;
    };
    const guardedPub = guard(this.pub, { publish: lost, sPublish: lost });
    const ignored = (err: string) => {
      if (!this.closing) this.logger.warn(`A subscription change failed: ${err}`);
    };
    const guardedSub = guard(
      counted(this.sub, () => this.received++),
      Object.fromEntries([...SUBSCRIPTIONS].map((command) => [command, ignored])),
    );
    return { pubClient: guardedPub, subClient: guardedSub };
  }

  /** Messages the adapter has received from Redis since start: what other replicas (and this one) published. */
  get messagesReceived(): number {
    return this.received;
  }

  /**
   * The connection for plain commands (the abuse limits' counters), undefined until connected. It is the
   * publishing connection, which has no offline queue: while Redis is away a command fails at once.
   */
  commandClient(): RedisClient | undefined {
    return this.pub;
  }

  /** 'off' without REDIS_URL; 'up' when both connections are ready. */
  status(): 'up' | 'down' | 'off' {
    if (!this.enabled) return 'off';
    return this.pub?.isReady && this.sub?.isReady ? 'up' : 'down';
  }

  /**
   * Whether what a replica publishes now surely reaches the others, and nothing published since the last
   * `onRecovered` went astray: alone (no Redis), or Redis up with nothing lost. Caches kept on that word trust it.
   */
  deliverySure(): boolean {
    const status = this.status();
    return status === 'off' || (status === 'up' && !this.mayHaveLostEvents && !this.connectionLost);
  }

  /** Runs `listener` each time Redis is back after events may have been lost. */
  onRecovered(listener: () => void): () => void {
    this.recoveredListeners.add(listener);
    return () => this.recoveredListeners.delete(listener);
  }

  /** Called when an event could not be published (also by the publisher's own checks). */
  eventsLost(reason: string): void {
    if (!this.mayHaveLostEvents && !this.connectionLost)
      this.logger.warn(`Live events may be lost: ${reason}`);
    this.mayHaveLostEvents = true;
    if (this.status() === 'up') this.scheduleResync(RESYNC_RETRY_MS);
  }

  /**
   * Closes both connections: gracefully when Redis answers (pending commands finish), at once when it does not
   * (a graceful close would wait for Redis forever), and never longer than CLOSE_TIMEOUT_MS.
   */
  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearTimeout(this.resyncTimer);
    this.recoveredListeners.clear();
    const clients = [this.pub, this.sub].filter((c): c is RedisClient => !!c);
    const reachable = this.status() === 'up';
    this.pub = this.sub = undefined;
    if (reachable) {
      const closed = Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await withDeadline(closed, CLOSE_TIMEOUT_MS, () => []);
    }
    for (const client of clients) if (client.isOpen) client.destroy();
  }

  private connectionFailed(err: Error): void {
    // node-redis reconnects by itself and reports every failed attempt: log the loss once.
    if (!this.connectionLost)
      this.logger.warn(`Connection lost, reconnecting: ${err.message || String(err)}`);
    this.connectionLost = true;
    this.mayHaveLostEvents = true;
  }

  private connectionReady(): void {
    if (this.status() !== 'up') return;
    if (this.connectionLost) this.logger.log('Connection restored');
    this.connectionLost = false;
    if (this.mayHaveLostEvents) this.scheduleResync(RESYNC_DELAY_MS);
  }

  private scheduleResync(delayMs: number): void {
    clearTimeout(this.resyncTimer);
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = undefined;
      if (this.status() !== 'up' || !this.mayHaveLostEvents) return;
      this.mayHaveLostEvents = false;
      this.recoveredListeners.forEach((listener) => listener());
    }, delayMs);
  }
}
