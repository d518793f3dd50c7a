import { Inject, Injectable, Logger } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Socket } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** A socket that sends this many times its allowance within one window is a script: it is disconnected. */
const FLOOD_FACTOR = 5;

export type SocketEventKind = 'typing' | 'feed' | 'posts';

/**
 * Per-socket limits on what clients emit (SECURITY.md, "Abuse limits"). A socket lives on one replica, so the
 * counts are in memory. Emits over the allowance are dropped silently (they are hints: a typing indicator, a
 * feed or posts to follow), so a client with a bug loses nothing that matters; a flood disconnects the socket.
 */
@Injectable()
export class SocketEventLimits {
  private readonly logger = new Logger('Limits');
  private readonly counters: Record<SocketEventKind, RateLimiterMemory>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const counter = (rule: AppConfig['rateLimits']['socket-typing'], keyPrefix: string) =>
      new RateLimiterMemory({ keyPrefix, points: rule.points, duration: rule.windowSeconds });
    this.counters = {
      typing: counter(config.rateLimits['socket-typing'], 'socket-typing'),
      feed: counter(config.rateLimits['socket-feed'], 'socket-feed'),
      posts: counter(config.rateLimits['socket-posts'], 'socket-posts'),
    };
  }

  /** True when the event may be handled; false when it is to be dropped (and a flooding socket is closed). */
  async admit(socket: Socket, kind: SocketEventKind): Promise<boolean> {
    const counter = this.counters[kind];
    try {
      await counter.consume(socket.id);
      return true;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      if (err.consumedPoints > FLOOD_FACTOR * counter.points && socket.connected) {
        this.logger.warn(`Disconnecting a socket that floods '${kind}' (${err.consumedPoints} events)`);
        socket.disconnect(true);
      }
      return false;
    }
  }
}
