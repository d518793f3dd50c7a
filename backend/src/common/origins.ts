import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function firstHeader(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.split(',')[0]?.trim() || undefined;
}

/** The origin the request was addressed to (behind a trusted proxy, as the browser saw it). */
export function ownOrigin(request: IncomingMessage, trustProxy: boolean): string | undefined {
  const encrypted = !!(request.socket as TLSSocket).encrypted;
  const scheme =
    (trustProxy && firstHeader(request.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  const host = (trustProxy && firstHeader(request.headers['x-forwarded-host'])) || request.headers.host;
  return host ? `${scheme}://${host}`.toLowerCase() : undefined;
}

/**
 * Whether a browser request comes from the app itself or an allowed origin (DESIGN.md §4). A request without
 * an Origin header passes unless the browser marks it cross-site (`Sec-Fetch-Site`); clients that are not
 * browsers send neither and carry no ambient cookie to abuse.
 */
export function fromAllowedOrigin(
  request: IncomingMessage,
  config: Pick<AppConfig, 'trustProxy' | 'allowedOrigins'>,
): boolean {
  const origin = firstHeader(request.headers.origin)?.toLowerCase();
  if (!origin) return firstHeader(request.headers['sec-fetch-site']) !== 'cross-site';
  if (origin === ownOrigin(request, config.trustProxy)) return true;
  return config.allowedOrigins.some((allowed) => allowed.toLowerCase() === origin);
}

/** Refuses state-changing requests from foreign origins (cross-site request forgery) with 403. */
export function originCheck(config: Pick<AppConfig, 'trustProxy' | 'allowedOrigins'>) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(request.method) || fromAllowedOrigin(request, config)) return next();
    response.status(403).json({ message: 'Requests from other sites are not allowed' });
  };
}
