import { isIP } from 'node:net';
import Bowser from 'bowser';
import type { Request } from 'express';

/** What a session remembers about the browser that signed in, for the Security tab's list. */
export interface SignedInDevice {
  /** When it signed in (ms since the epoch). */
  signedInAt: number;
  userAgent: string;
  ip: string;
}

/** Kept in the session beside passport's user id. */
declare module 'express-session' {
  interface SessionData {
    device?: SignedInDevice;
  }
}

/** Notes the browser and address of a sign-in in its (new) session. */
export function rememberDevice(request: Request): void {
  request.session.device = {
    signedInAt: Date.now(),
    userAgent: (request.get('user-agent') ?? '').slice(0, 512),
    ip: request.ip ?? request.socket.remoteAddress ?? '',
  };
}

/** A browser and system as people name them: `Chrome 131`, `Android 15`; null when the user agent says nothing. */
export function describeUserAgent(userAgent: string): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const named = (name?: string, version?: string) =>
    name ? `${name}${version ? ` ${version.split('.')[0]}` : ''}` : null;
  return {
    browser: named(parsed.browser.name, parsed.browser.version),
    os: named(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
  };
}

/** An address with its last part masked: `203.0.113.x`, `2001:db8:1:2::x`; null when unknown. */
export function maskAddress(ip: string): string | null {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '');
  if (isIP(address) === 4) return address.replace(/\.\d+$/, '.x');
  if (isIP(address) === 6) {
    const [head = ''] = address.split('::');
    const groups = head.split(':').filter(Boolean).slice(0, 4);
    return `${groups.join(':')}::x`;
  }
  return null;
}
