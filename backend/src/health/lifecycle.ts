import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * Where the process is in its life: serving, or shutting down. Counts the HTTP requests in flight, so a
 * shutdown can let them finish before it closes the connections they run on.
 */
@Injectable()
export class Lifecycle {
  private stopping = false;
  private inFlight = 0;
  private idleListeners = new Set<() => void>();

  get shuttingDown(): boolean {
    return this.stopping;
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** From now on readiness answers 503 and replies ask clients to close their connection. */
  beginShutdown(): void {
    this.stopping = true;
  }

  /** Express middleware: counts a request until its response is finished or its connection closed. */
  readonly trackRequests = (_req: Request, res: Response, next: NextFunction): void => {
    this.inFlight += 1;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      this.inFlight -= 1;
      if (this.inFlight === 0) this.idleListeners.forEach((listener) => listener());
    };
    res.once('finish', finished);
    res.once('close', finished);
    // During a shutdown, a keep-alive connection must not outlive its request.
    if (this.stopping) res.setHeader('Connection', 'close');
    next();
  };

  /** Resolves true once no request is in flight, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const listener = () => {
        clearTimeout(timer);
        this.idleListeners.delete(listener);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.idleListeners.delete(listener);
        resolve(false);
      }, timeoutMs);
      this.idleListeners.add(listener);
    });
  }
}
