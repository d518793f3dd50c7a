import { isIP } from 'node:net';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * The client's address as the limits count it: `req.ip` (which honours TRUST_PROXY), an IPv4 address as is
 * (also when IPv4-mapped), and an IPv6 address by its /64 — one subscriber usually holds a whole /64, so
 * counting single IPv6 addresses would let one machine take a fresh allowance per address.
 */
export function clientAddress(request: Request): string {
  const ip = (request.ip ?? request.socket?.remoteAddress ?? '').replace(/%.*$/, '');
  if (!isIP(ip)) return ip || 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`);
  return `${network.toString()}/64`;
}
