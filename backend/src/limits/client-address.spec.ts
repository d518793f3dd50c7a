import type { Request } from 'express';
import { clientAddress } from './client-address';

const from = (ip: string | undefined) => clientAddress({ ip, socket: {} } as unknown as Request);

describe('clientAddress', () => {
  it('counts IPv4 addresses as they are, also when IPv4-mapped', () => {
    expect(from('203.0.113.7')).toBe('203.0.113.7');
    expect(from('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const expected = '2001:db8:0:1::/64';
    expect(from('2001:db8:0:1::1')).toBe(expected);
    expect(from('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(expected);
    expect(from('2001:db8::1:0:0:0:9')).toBe(expected);
    expect(from('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('names a request without an address', () => {
    expect(from(undefined)).toBe('unknown');
  });
});
