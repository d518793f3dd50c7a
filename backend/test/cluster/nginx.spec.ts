import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { freePort } from '../../../test/free-port';
import { ClusterStack, describeCluster, pollingFencersGetMessages, type Replica } from './harness';
import type { NginxServer } from './services';

/** Replaces what `pattern` matches, and fails when it matches nothing: the config must still say it. */
function edit(conf: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf no longer has ${String(pattern)}`);
  return conf.replace(pattern, replacement);
}

/**
 * deploy/nginx.conf for this machine: the compose replicas app1 and app2 become the local replicas (without
 * Docker's resolver), nginx listens on `port`, and the access log goes to `dir`.
 */
function localNginxConf(conf: string, replicas: string[], port: number, dir: string): string {
  conf = edit(conf, /^resolver .*$/m, '');
  conf = edit(conf, / resolve\b/g, '');
  conf = edit(conf, /\bapp1:3000\b/g, replicas[0]);
  conf = edit(conf, /\bapp2:3000\b/g, replicas[1]);
  conf = edit(conf, /listen 80;/, `listen 127.0.0.1:${port};`);
  return edit(conf, /access_log \/var\/log\/nginx\/access\.log/, `access_log ${join(dir, 'access.log')}`);
}

/** The replica (upstream address) of each logged request, by the start of its path. */
async function upstreamsByPath(nginx: NginxServer, prefix: string): Promise<Set<string>> {
  const log = await readFile(join(nginx.dir, 'access.log'), 'utf8');
  const upstreams = new Set<string>();
  // `"$request" $status $body_bytes_sent $request_time $upstream_addr` (the piste log_format)
  for (const [, path, upstream] of log.matchAll(/"\w+ (\S+) [^"]*" \d+ \d+ \S+ (\S+)/g)) {
    if (path.startsWith(prefix)) upstreams.add(upstream);
  }
  return upstreams;
}

describeCluster('deploy/nginx.conf in front of two replicas', ['redis', 'postgres', 'nginx'], () => {
  const stack = new ClusterStack();
  let nginx: NginxServer;
  let url: string;

  beforeAll(async () => {
    const [postgres, redis] = await Promise.all([stack.postgres(), stack.redis()]);
    const env = { DATABASE_URL: postgres.url(), REDIS_URL: redis.url, TRUST_PROXY: 'true' };
    const replicas: Replica[] = [];
    for (const name of ['A', 'B']) {
      const replica = await stack.replica(name, env);
      await replica.waitReady();
      replicas.push(replica);
    }
    const conf = await readFile(resolve(__dirname, '../../../deploy/nginx.conf'), 'utf8');
    const port = await freePort();
    const addresses = replicas.map((r) => new URL(r.url).host);
    nginx = await stack.nginx(port, (dir) => localNginxConf(conf, addresses, port, dir));
    url = `http://127.0.0.1:${port}`;
  });

  afterAll(() => stack.cleanup());

  it('keeps each long-polling client on one replica, so polling-only clients connect and get live events', async () => {
    await pollingFencersGetMessages(stack, url);

    // Every Socket.IO request from this address went to one replica; the API calls went to both.
    expect((await upstreamsByPath(nginx, '/socket.io/')).size).toBe(1);
    expect((await upstreamsByPath(nginx, '/api/')).size).toBe(2);
  });
});
