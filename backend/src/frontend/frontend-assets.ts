import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { DEFAULT_WEAPON, FEED_PAGE_SIZE, isWeapon } from '@piste/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { SESSION_COOKIE } from '../auth/session.middleware';
import { preferredEncoding, type ContentEncoding } from '../common/content-encoding';

/** Paths the app itself answers; the built frontend never shadows them. */
export const APP_PREFIXES = ['/api', '/objects', '/socket.io', '/health'];

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_HOUR = 'public, max-age=3600';
/**
 * Files a browser must revalidate on every use: the page, and what tells an installed app a new deploy exists
 * (the service worker and the manifest); an hour's cache would hold a fix back for an hour.
 */
const ALWAYS_REVALIDATED = new Set(['/index.html', '/sw.js', '/manifest.webmanifest']);

interface Representation {
  body: Buffer;
  etag: string;
}

/** One file of the build, with the brotli and gzip forms written beside it at build time. */
interface FrontendFile {
  extension: string;
  cacheControl: string;
  plain: Representation;
  encoded: Partial<Record<ContentEncoding, Representation>>;
}

const ENCODED_SUFFIXES: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Serves the built frontend from memory: the dist folder is read once, at start, so a request costs
 * a map lookup and never a filesystem call (the build is a few hundred KiB and changes only with a
 * deploy). Hashed assets are immutable; any other non-app GET that accepts HTML gets index.html
 * (client-side routes), which browsers must revalidate.
 */
export function serveFrontend(dist: string): RequestHandler {
  const files = loadFrontend(dist);
  const indexHtml = files.get('/index.html');
  if (!indexHtml) throw new Error(`${dist} has no index.html`);
  for (const path of ALWAYS_REVALIDATED) {
    const file = files.get(path);
    if (file) file.cacheControl = 'no-cache';
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (APP_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`))) return next();
    const file = files.get(req.path);
    if (file) return sendFile(req, res, file);
    // A missing asset (say, a chunk of the previous deploy) is a 404, never the HTML page.
    if (req.path.startsWith('/assets/') || !req.accepts('html')) return next();
    res.setHeader('Link', firstScreenPreloads(req.path, req.headers.cookie));
    sendFile(req, res, indexHtml);
  };
}

/**
 * What the first screen will ask the API for, as `Link` preloads: the browser fetches them while the scripts
 * load, and the app's own requests (same URL, with cookies) take the replies. Every page first asks who is
 * signed in; a feed's page (`/`, `/epee` …), visited with a session cookie, asks for the feed's first page too.
 */
export function firstScreenPreloads(path: string, cookieHeader: string | undefined): string[] {
  const urls = ['/api/user'];
  const weapon = path === '/' ? DEFAULT_WEAPON : path.slice(1).replace(/\/$/, '');
  const hasSession = (cookieHeader ?? '').split(';').some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));
  if (hasSession && isWeapon(weapon)) urls.push(`/api/posts/${weapon}?limit=${FEED_PAGE_SIZE}`);
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`);
}

function sendFile(req: Request, res: Response, file: FrontendFile): void {
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const chosen = encoding ? file.encoded[encoding] : undefined;
  res.type(file.extension);
  res.setHeader('Cache-Control', file.cacheControl);
  if (file.encoded.br || file.encoded.gzip) res.vary('Accept-Encoding');
  if (chosen) res.setHeader('Content-Encoding', encoding!);
  const representation = chosen ?? file.plain;
  res.setHeader('ETag', representation.etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', representation.body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(representation.body);
}

/** Every file under `dist` by its URL path; `x.br` and `x.gz` become the encoded forms of `x`. */
function loadFrontend(dist: string): Map<string, FrontendFile> {
  const paths = listFiles(dist);
  const present = new Set(paths);
  const files = new Map<string, FrontendFile>();
  for (const path of paths) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const urlPath = `/${relative(dist, path).split(sep).join('/')}`;
    const encoded: FrontendFile['encoded'] = {};
    for (const [encoding, suffix] of Object.entries(ENCODED_SUFFIXES) as [ContentEncoding, string][]) {
      if (present.has(path + suffix)) encoded[encoding] = representation(readFileSync(path + suffix));
    }
    files.set(urlPath, {
      extension: extname(path) || '.bin',
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : ONE_HOUR,
      plain: representation(readFileSync(path)),
      encoded,
    });
  }
  return files;
}

function representation(body: Buffer): Representation {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}
