import { createServer } from 'node:https';
import { Agent, get } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { lookup } from 'node:dns';
import {
  endpointHostRefusal,
  isPublicAddress,
  NOT_PUBLIC_ENDPOINT,
  NotPublicAddressError,
  publicOnlyLookup,
} from './push-endpoint';

describe('where push messages may go', () => {
  it.each([
    ['93.184.216.34', true],
    ['2a00:1450:4001:82a::200a', true],
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('refuses loopback names and private literals at subscribe time, and leaves host names to delivery', () => {
    expect(endpointHostRefusal('https://localhost:8443/x')).toBe(NOT_PUBLIC_ENDPOINT);
    expect(endpointHostRefusal('https://a.b.localhost/x')).toBe(NOT_PUBLIC_ENDPOINT);
    expect(endpointHostRefusal('https://[fe80::1]/x')).toBe(NOT_PUBLIC_ENDPOINT);
    expect(endpointHostRefusal('https://10.0.0.8/x')).toBe(NOT_PUBLIC_ENDPOINT);
    expect(endpointHostRefusal('https://93.184.216.34/x')).toBeNull();
    expect(endpointHostRefusal('https://updates.push.services.mozilla.com/wpush/v2/x')).toBeNull();
  });

  describe('at delivery, a host name is judged by the address it resolves to', () => {
    /** A resolver that answers `addresses` for every name, as dns.lookup with {all: true} does. */
    const resolvingTo = (...addresses: string[]) =>
      ((_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        )) as unknown as typeof lookup;

    it('answers a public address as a lookup would, and refuses when any address is not public', async () => {
      const ask = (resolve: typeof lookup, all: boolean) =>
        new Promise<unknown[]>((done) =>
          publicOnlyLookup(resolve)('push.example.org', { all }, (...args: unknown[]) => done(args)),
        );
      await expect(ask(resolvingTo('93.184.216.34'), false)).resolves.toEqual([null, '93.184.216.34', 4]);
      await expect(ask(resolvingTo('93.184.216.34'), true)).resolves.toEqual([
        null,
        [{ address: '93.184.216.34', family: 4 }],
      ]);
      const [refused] = await ask(resolvingTo('93.184.216.34', '10.0.0.1'), false);
      expect(refused).toBeInstanceOf(NotPublicAddressError);
    });

    it('so a socket to a name that resolves to loopback is never opened', async () => {
      let reached = false;
      const server = createServer(() => {
        reached = true;
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const agent = new Agent({ lookup: publicOnlyLookup(resolvingTo('127.0.0.1')) });
      try {
        const error = await new Promise<Error>((resolve) => {
          get(`https://push.example.org:${port}/`, { agent }, () => resolve(new Error('answered'))).on(
            'error',
            resolve,
          );
        });
        expect(error).toBeInstanceOf(NotPublicAddressError);
        expect(reached).toBe(false);
      } finally {
        agent.destroy();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
});
