import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The client's address as the limits count it: `req.ip` (which honours TRUST_PROXY), an IPv4 address as is
 * (also when IPv4-mapped), and an IPv6 address by its /64 — one subscriber usually holds a whole /64, so
 * counting single IPv6 addresses would let one machine take a fresh allowance per address.
 */
export function clientAddress(request: Request): string {
  const ip = (request.ip ?? request.socket?.remoteAddress ?? '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) === 6) return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
  return ip || 'unknown';
}

/** The eight groups of an IPv6 address, `::` expanded, without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const split = (part: string) => (part ? part.split(':') : []);
  const groups =
    tail === undefined
      ? split(head)
      : [
          ...split(head),
          ...Array<string>(8 - split(head).length - split(tail).length).fill('0'),
          ...split(tail),
        ];
  return groups.map((group) => (group.includes('.') ? group : parseInt(group, 16).toString(16)));
}
