import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where Piste may send push messages. The server POSTs to whatever endpoint a browser gave it, so an endpoint must
 * not lead into the server's own network (SSRF): only https on a public address. An address literal and
 * `localhost` are refused when the endpoint is subscribed; a host name is checked again on every delivery, against
 * the address it resolves to at that moment (see `publicOnlyLookup`), so a name that later points inside is
 * refused too.
 */

export const NOT_PUBLIC_ENDPOINT = 'The push endpoint must be on a public address';

/** True for a public unicast address; false for loopback, private, link-local, unique-local, reserved and the like. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  return ipaddr.process(address).range() === 'unicast';
}

/** Why an endpoint's host cannot be subscribed, or null when it may be: an address literal must be public. */
export function endpointHostRefusal(endpoint: string): string | null {
  const host = new URL(endpoint).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return NOT_PUBLIC_ENDPOINT;
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return NOT_PUBLIC_ENDPOINT;
  return null;
}

/** The error a delivery fails with when the endpoint's name resolves to an address that is not public. */
export class NotPublicAddressError extends Error {
  readonly code = 'EPUSHNOTPUBLIC';
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
  }
}

/**
 * A `lookup` for the sockets that deliver push messages: it resolves as usual and refuses the connection when any
 * address the name resolves to is not public. The check is on the address the socket then connects to, so a name
 * cannot answer one address to a check and another to the connection.
 */
export function publicOnlyLookup(resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find(({ address }) => !isPublicAddress(address));
      if (refused) return callback(new NotPublicAddressError(hostname, refused.address), '', 0);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
