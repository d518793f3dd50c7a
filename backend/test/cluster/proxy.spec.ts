import { createServer, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { makeUser } from '../helpers';
import { pinnedUpstream, type RunningProxy, type Upstream } from '../../../deploy/cluster/proxy';
import { befriend, ClusterStack, describeCluster, pollingFencersGetMessages, type Replica } from './harness';

interface Echo {
  upstream: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An upstream that answers with its name and what it received, and accepts a websocket upgrade whose bytes it echoes. */
async function echoServer(name: string): Promise<{ port: number; close(): Promise<void> }> {
  const upgraded = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const echo: Echo = {
        upstream: name,
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      res.setHeader('set-cookie', ['first=1; Path=/', 'second=2; Path=/']);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(echo));
    });
  });
  server.on('upgrade', (req, socket: Socket) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    // Upgraded sockets stay half-open after the other side ends; end ours too.
    socket.on('end', () => socket.end());
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n' +
        `x-upstream: ${name}\r\nx-seen-forwarded-for: ${String(req.headers['x-forwarded-for'])}\r\n\r\n`,
    );
    socket.on('data', (data) => socket.write(`${name}:${data.toString()}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of upgraded) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Where the proxy reaches a replica. */
const upstreamOf = (replica: Replica): Upstream => ({
  host: '127.0.0.1',
  port: Number(new URL(replica.url).port),
});

/** Opens an upgraded connection through the proxy, sends `message`, and returns the handshake and the echo. */
function upgradeThrough(
  proxy: RunningProxy,
  message: string,
  path = '/socket',
): Promise<{ handshake: string; echo: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxy.port, '127.0.0.1');
    let received = '';
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${proxy.port}\r\nconnection: upgrade\r\nupgrade: websocket\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk) => {
      received += chunk.toString();
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const handshake = received.slice(0, end);
      const rest = received.slice(end + 4);
      if (!rest) return socket.write(message);
      socket.destroy();
      resolve({ handshake, echo: rest });
    });
  });
}

describeCluster('the cluster proxy', ['redis', 'postgres'], () => {
  const stack = new ClusterStack();

  afterAll(() => stack.cleanup());

  describe('in front of two plain upstreams', () => {
    let proxy: RunningProxy;
    const upstreams: Array<{ close(): Promise<void> }> = [];

    beforeAll(async () => {
      const one = await echoServer('one');
      const two = await echoServer('two');
      upstreams.push(one, two);
      proxy = await stack.proxy({
        upstreams: [
          { host: '127.0.0.1', port: one.port },
          { host: '127.0.0.1', port: two.port },
        ],
      });
    });
    afterAll(async () => {
      await proxy.close();
      for (const upstream of upstreams) await upstream.close();
    });

    it('sends requests round-robin with forwarding headers, bodies and every Set-Cookie intact', async () => {
      const echoes: Echo[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${proxy.url}/api/anything?i=${i}`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', 'x-forwarded-for': '203.0.113.7' },
          body: `touché ${i}`,
        });
        expect(res.status).toBe(200);
        expect(res.headers.getSetCookie()).toEqual(['first=1; Path=/', 'second=2; Path=/']);
        echoes.push((await res.json()) as Echo);
      }
      expect(echoes.map((e) => e.upstream)).toEqual(['one', 'two', 'one', 'two']);
      expect(echoes[2]).toMatchObject({
        method: 'POST',
        url: '/api/anything?i=2',
        body: 'touché 2',
        headers: {
          host: `127.0.0.1:${proxy.port}`,
          'x-forwarded-for': '203.0.113.7,127.0.0.1',
          'x-forwarded-proto': 'http',
        },
      });
    });

    it('forwards protocol upgrades to the upstreams in turn and pipes both ways', async () => {
      const first = await upgradeThrough(proxy, 'en garde');
      const second = await upgradeThrough(proxy, 'prêts');
      const upstreams = [first, second].map((u) => /x-upstream: (\w+)/.exec(u.handshake)?.[1]);
      expect(new Set(upstreams)).toEqual(new Set(['one', 'two']));
      expect(first.handshake).toMatch(/^HTTP\/1.1 101/);
      expect(first.handshake).toContain('x-seen-forwarded-for: 127.0.0.1');
      expect(first.echo).toBe(`${upstreams[0]}:en garde`);
      expect(second.echo).toBe(`${upstreams[1]}:prêts`);
    });

    it('sends every Socket.IO request of one client address to one upstream, polls and upgrades alike', async () => {
      const seen: Array<string | undefined> = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${proxy.url}/socket.io/?EIO=4&transport=polling&sid=s${i}`, {
          method: i % 2 ? 'POST' : 'GET',
          body: i % 2 ? '40' : undefined,
        });
        seen.push(((await res.json()) as Echo).upstream);
      }
      const upgrade = await upgradeThrough(proxy, 'allez', '/socket.io/?EIO=4&transport=websocket');
      seen.push(/x-upstream: (\w+)/.exec(upgrade.handshake)?.[1]);
      expect(seen).toEqual(Array(5).fill(seen[0]));
      expect(['one', 'two']).toContain(seen[0]);
    });
  });

  describe('in front of two replicas', () => {
    let replicas: Replica[];
    let proxy: RunningProxy;

    beforeAll(async () => {
      const [postgres, redis] = await Promise.all([stack.postgres(), stack.redis()]);
      const env = { DATABASE_URL: postgres.url(), REDIS_URL: redis.url, TRUST_PROXY: 'true' };
      replicas = [];
      for (const name of ['A', 'B']) {
        const replica = await stack.replica(name, env);
        await replica.waitReady();
        replicas.push(replica);
      }
      proxy = await stack.proxy({ upstreams: replicas.map(upstreamOf) });
    });

    it('keeps each long-polling client on one replica, so polling-only clients connect and get live events', async () => {
      await pollingFencersGetMessages(stack, proxy.url);
    });

    it('serves the app over HTTP and websockets, with one client address on one replica for its sockets', async () => {
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${proxy.url}/health/ready`);
        expect(res.status).toBe(200);
      }
      const alice = await makeUser(proxy.url);
      const bruno = await makeUser(proxy.url);
      await befriend(alice, bruno);
      const aliceSocket = await stack.socket(proxy.url, alice.client, 'alice via proxy');
      const brunoSocket = await stack.socket(proxy.url, bruno.client, 'bruno via proxy');

      const sent = await alice.client.post('/api/messages', { receiverId: bruno.user.id, content: 'Allez!' });
      expect(sent.status).toBe(201);
      await expect(
        brunoSocket.waitFor('message:new', (p) => p.message?.id === sent.body.message.id),
      ).resolves.toBeDefined();

      // Both sockets come from 127.0.0.1, so both live on the replica that address is pinned to.
      const pinned = pinnedUpstream(replicas.map(upstreamOf), '127.0.0.1');
      const home = replicas.find((r) => upstreamOf(r).port === pinned.port)!;
      const other = replicas.find((r) => r !== home)!;

      // With the other replica gone, the sockets stay and every other ordinary request fails.
      other.kill('SIGKILL');
      await other.exited;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${proxy.url}/health/live`)).status);
      expect([...statuses].sort()).toEqual([200, 200, 502, 502]);
      expect(statuses[0]).not.toBe(statuses[1]);
      let reply = await bruno.client.post('/api/messages', {
        receiverId: alice.user.id,
        content: 'Still here?',
      });
      if (reply.status === 502) {
        reply = await bruno.client.post('/api/messages', {
          receiverId: alice.user.id,
          content: 'Still here?',
        });
      }
      expect(reply.status).toBe(201);
      await expect(
        aliceSocket.waitFor('message:new', (p) => p.message?.id === reply.body.message.id),
      ).resolves.toBeDefined();
      expect(aliceSocket.disconnected).toBeUndefined();
      expect(brunoSocket.disconnected).toBeUndefined();

      // With their own replica gone, both drop.
      home.kill('SIGKILL');
      await expect(
        Promise.all([aliceSocket, brunoSocket].map((s) => s.waitForDisconnect(5_000))),
      ).resolves.toHaveLength(2);
    });
  });
});
