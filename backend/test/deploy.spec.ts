import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { ENV_VARIABLES } from '../src/config/config';

/**
 * The deploy files: the lock file a Docker build's `npm ci` accepts, docker-compose.yml, the Dockerfile,
 * .dockerignore and the nginx config. Fast and offline: files are parsed, npm runs with --dry-run --offline.
 */
const root = resolve(__dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules is not for npm
  return new Promise((done) => {
    execFile(
      command,
      args,
      { cwd: root, env, timeout: 60_000, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** The lines npm prints about the lock file, so a failure says what is missing. */
const lockProblems = (output: string) =>
  output
    .split('\n')
    .filter((line) => /Missing:|Invalid:|^npm error (code|.*in sync)/.test(line))
    .slice(0, 30)
    .join('\n');

describe('package-lock.json', () => {
  const ci = ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--offline'];

  it('has an entry for every platform package (deploy/complete-lock.mjs --check)', async () => {
    const { code, output } = await run(process.execPath, ['deploy/complete-lock.mjs', '--check']);
    expect({ code, output }).toEqual({
      code: 0,
      output: expect.stringContaining('package-lock.json is complete'),
    });
  }, 60_000);

  it('is accepted by npm ci on this machine', async () => {
    const { code, output } = await run('npm', ci);
    expect({ code, problems: lockProblems(output) }).toEqual({ code: 0, problems: '' });
  }, 90_000);

  it('is accepted by npm ci on linux arm64', async () => {
    const { code, output } = await run('npm', [...ci, '--os=linux', '--cpu=arm64']);
    expect({ code, problems: lockProblems(output) }).toEqual({ code: 0, problems: '' });
  }, 90_000);
});

type Service = {
  image?: string;
  build?: unknown;
  restart?: string;
  environment?: Record<string, string | number | boolean | null> | string[];
  env_file?: unknown;
  healthcheck?: { test?: string | string[] };
  depends_on?: Record<string, { condition?: string }> | string[];
  stop_grace_period?: string;
};

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v == null ? '' : String(v)]));
}

/** Compose durations such as `30s`, `1m30s`, `500ms` in milliseconds. */
function durationMs(value: string): number {
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1, us: 0.001 };
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ms|us|h|m|s)/g))
    total += Number(amount) * units[unit];
  return total;
}

/** A value that is nothing but one required compose interpolation: `${NAME:?message}`. */
const REQUIRED_INTERPOLATION = /^\$\{[A-Z][A-Z0-9_]*:?\?[^}]*\}$/;
const SECRET_NAME = /PASSWORD|SECRET|ACCESS_KEY|ROOT_USER/;

describe('docker-compose.yml', () => {
  const text = read('docker-compose.yml');
  const compose = parse(text, { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const apps = Object.entries(services).filter(([, s]) => s.build !== undefined);
  const bucketJob = Object.entries(services).find(([, s]) => /(^|\/)mc(:|$)/.test(s.image ?? ''));

  it('runs PostgreSQL, Redis, MinIO, a bucket job, two or more replicas and nginx', () => {
    const images = Object.values(services).map((s) => s.image ?? '');
    expect(images).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^postgres:/),
        expect.stringMatching(/^redis:/),
        expect.stringMatching(/(^|\/)minio(:|$)/),
        expect.stringMatching(/^nginx/),
      ]),
    );
    expect(bucketJob).toBeDefined();
    expect(apps.length).toBeGreaterThanOrEqual(2);
  });

  it.each(apps.map(([name]) => name))('%s is a production replica on the shared services', (name) => {
    const app = services[name];
    const env = environmentOf(app);
    expect(env).toMatchObject({ NODE_ENV: 'production', SEED_DEMO: 'false', TRUST_PROXY: 'true' });
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'SESSION_SECRET']) {
      expect({ key, set: (env[key] ?? '').trim() !== '' }).toEqual({ key, set: true });
    }
    expect(['always', 'unless-stopped', 'on-failure']).toContain(app.restart);
    const test = app.healthcheck?.test;
    expect((Array.isArray(test) ? test.join(' ') : (test ?? '')).includes('/health/ready')).toBe(true);
    const dependsOn = app.depends_on as Record<string, { condition?: string }>;
    expect(dependsOn[bucketJob![0]]).toEqual({ condition: 'service_completed_successfully' });
    const drainAndGrace = Number(env.SHUTDOWN_DRAIN_MS ?? 5000) + Number(env.SHUTDOWN_GRACE_MS ?? 10000);
    expect(durationMs(app.stop_grace_period ?? '10s')).toBeGreaterThan(drainAndGrace);
  });

  it('gives the replicas only variables the app reads', () => {
    const known = new Set<string>(ENV_VARIABLES);
    for (const [name, app] of apps) {
      // Everything a replica gets is listed in the file, so this check sees all of it.
      expect({ name, env_file: app.env_file }).toEqual({ name, env_file: undefined });
      const unknown = Object.keys(environmentOf(app)).filter((key) => !known.has(key));
      expect({ name, unknown }).toEqual({ name, unknown: [] });
    }
  });

  it('writes no secret: passwords and secrets are required ${…} interpolations from .env', () => {
    const literal: string[] = [];
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(environmentOf(service))) {
        if (SECRET_NAME.test(key) && !REQUIRED_INTERPOLATION.test(value)) literal.push(`${name}.${key}`);
        // Passwords inside connection URLs too: scheme://user:${PASSWORD…}@host
        for (const [, password] of value.matchAll(/:\/\/[^:/@\s]+:([^@\s]*)@/g)) {
          if (!REQUIRED_INTERPOLATION.test(password)) literal.push(`${name}.${key} (URL password)`);
        }
      }
    }
    expect(literal).toEqual([]);
    expect(text).not.toMatch(/change-?me/i);
  });

  it('puts nginx in front of healthy replicas', () => {
    const nginx = Object.values(services).find((s) => (s.image ?? '').startsWith('nginx'))!;
    const dependsOn = nginx.depends_on as Record<string, { condition?: string }>;
    for (const [name] of apps)
      expect({ name, ...dependsOn[name] }).toEqual({ name, condition: 'service_healthy' });
  });
});

/** Dockerfile instructions (continuation lines joined, comments dropped), split into build stages. */
function dockerStages(text: string): string[][] {
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: string[][] = [];
  for (const line of instructions) {
    if (/^FROM\s/i.test(line)) stages.push([]);
    stages[stages.length - 1]?.push(line);
  }
  return stages;
}

describe('Dockerfile', () => {
  const stages = dockerStages(read('Dockerfile'));
  const final = stages[stages.length - 1];
  const find = (keyword: string) => final.filter((line) => line.toUpperCase().startsWith(`${keyword} `));

  it('is a multi-stage build', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
  });

  it('runs the final image as a user other than root', () => {
    const users = find('USER').map((line) => line.split(/\s+/)[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0', '0:0']).not.toContain(users[users.length - 1]);
  });

  it('checks readiness, runs node directly in production and copies no sources into the final image', () => {
    expect(find('HEALTHCHECK').join(' ')).toContain('/health/ready');
    expect(final.some((line) => /^COPY\s+(--\S+\s+)*\.\/?\s+\S+\s*$/i.test(line))).toBe(false);
    expect(final.some((line) => /^ENV\s.*NODE_ENV=production/i.test(line))).toBe(true);
    const cmd = find('CMD');
    expect(cmd).toHaveLength(1);
    const argv = JSON.parse(cmd[0].slice(4)) as string[];
    expect(argv[0]).toBe('node');
  });
});

describe('.dockerignore', () => {
  const patterns = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it.each([
    ['node_modules', /^(\*\*\/)?node_modules\/?$/],
    ['.git', /^\.git\/?$/],
    ['.data', /^(\*\*\/)?\.data\/?$/],
    ['.env', /^(\*\*\/)?\.env$/],
  ])('leaves out %s', (_name, pattern) => {
    expect(patterns.some((p) => pattern.test(p))).toBe(true);
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf')
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean)
    .join('\n');

  it('upgrades websockets', () => {
    expect(conf).toMatch(/map \$http_upgrade \$connection_upgrade\s*\{/);
    expect(conf).toContain('proxy_http_version 1.1;');
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(conf).toContain('proxy_set_header Connection $connection_upgrade;');
  });

  /** The body of `upstream <name> { … }` (upstream blocks hold no nested braces). */
  const upstreamBlock = (name: string) => new RegExp(`^upstream ${name} \\{([^}]*)\\}`, 'm').exec(conf)?.[1];
  /** The upstream a `location <path> { … }` passes to. */
  const passedTo = (path: string) =>
    new RegExp(`^location ${path.replace(/[/.]/g, '\\$&')} \\{[^}]*?proxy_pass http://(\\w+);`, 'm').exec(
      conf,
    )?.[1];

  it('balances ordinary requests round-robin and never retries non-idempotent requests', () => {
    const upstream = upstreamBlock(passedTo('/')!);
    expect(upstream).toBeDefined();
    expect(upstream).not.toMatch(/\b(ip_hash|hash|sticky|least_conn|random)\b/);
    expect(conf).not.toContain('non_idempotent');
    expect(conf).toMatch(/proxy_next_upstream [^;]*\berror\b/);
  });

  it('keeps each client on one replica for Socket.IO, so the long-polling fallback works', () => {
    const upstream = upstreamBlock(passedTo('/socket.io/')!);
    expect(upstream).toMatch(/^hash \$remote_addr consistent;$/m);
  });

  it('sends each upstream to every replica in docker-compose.yml', () => {
    const compose = parse(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, Service>;
    };
    const replicas = Object.entries(compose.services)
      .filter(([, s]) => s.build !== undefined)
      .map(([name]) => name)
      .sort();
    for (const name of [passedTo('/')!, passedTo('/socket.io/')!]) {
      const servers = [...(upstreamBlock(name) ?? '').matchAll(/^server\s+([\w.-]+):3000\b/gm)].map(
        (m) => m[1],
      );
      expect({ name, servers: servers.sort() }).toEqual({ name, servers: replicas });
    }
  });

  it('forwards client details and the request id', () => {
    for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Request-Id']) {
      expect(conf).toMatch(new RegExp(`proxy_set_header ${header} \\$`));
    }
    expect(conf).toMatch(/client_max_body_size 60m;/);
  });
});

/** promtool (Debian's prometheus package) checks what Prometheus would load; required where services are. */
const promtool = async (args: string[], cwd = 'deploy/prometheus') => {
  const version = await run('promtool', ['--version']);
  if (version.code !== 0) {
    if (process.env.REQUIRE_SERVICES === '1')
      throw new Error('promtool is required (apt-get install prometheus)');
    console.warn('Skipped: promtool is not installed (Debian package prometheus)');
    return undefined;
  }
  return run('bash', ['-c', `cd ${cwd} && promtool ${args.map((a) => `'${a}'`).join(' ')}`]);
};

describe('monitoring (deploy/prometheus, deploy/grafana)', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
  const apps = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);
  const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as {
    scrape_configs: { static_configs: { targets: string[] }[] }[];
  };
  /** The metric names the app registers (metrics.service.ts), with a histogram's series suffixes. */
  const exposed = new Set(
    [...read('backend/src/metrics/metrics.service.ts').matchAll(/name: '(piste_\w+)'/g)].flatMap(
      ([, name]) => (name.endsWith('_seconds') ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name]),
    ),
  );
  const used = (text: string) => new Set([...text.matchAll(/\b(piste_\w+)/g)].map(([, name]) => name));

  it("scrapes every replica's metrics port, which nginx never routes to", () => {
    const targets = prometheus.scrape_configs
      .flatMap((c) => c.static_configs.flatMap((s) => s.targets))
      .sort();
    expect(targets).toEqual(apps.map(([name]) => `${name}:${environmentOf(apps[0][1]).METRICS_PORT}`).sort());
    expect(read('deploy/nginx.conf')).not.toMatch(/9464|metrics/);
  });

  it('alerts and charts only on metrics the app exposes', () => {
    for (const file of ['deploy/prometheus/alerts.yml', 'deploy/grafana/dashboards/piste.json']) {
      const unknown = [...used(read(file))].filter((name) => !exposed.has(name));
      expect({ file, unknown }).toEqual({ file, unknown: [] });
    }
    const dashboard = JSON.parse(read('deploy/grafana/dashboards/piste.json')) as {
      uid: string;
      panels: { targets: { expr: string }[] }[];
    };
    expect(dashboard.uid).toBe('piste');
    expect(dashboard.panels.every((p) => p.targets.length > 0)).toBe(true);
  });

  it('alerts on a replica, PostgreSQL or Redis down, 5xx, p99 latency, failing jobs and a saturated pool', async () => {
    const rules = parse(read('deploy/prometheus/alerts.yml')) as { groups: { rules: { alert: string }[] }[] };
    expect(rules.groups.flatMap((g) => g.rules.map((r) => r.alert)).sort()).toEqual([
      'PisteHigh5xxRate',
      'PisteJobsFailing',
      'PistePoolSaturated',
      'PistePostgresDown',
      'PisteRedisDown',
      'PisteReplicaDown',
      'PisteSlowRequests',
    ]);
    const checked = await promtool(['check', 'rules', 'alerts.yml']);
    if (!checked) return;
    expect(checked).toMatchObject({ code: 0 });
    // The rules' own unit tests: each alert fires on the series that should raise it, and not otherwise.
    expect(await promtool(['test', 'rules', 'alerts.test.yml'])).toMatchObject({ code: 0 });
    // The config as the container mounts it (rule file path included).
    const config = await run('bash', [
      '-c',
      `dir=$(mktemp -d) && cp deploy/prometheus/alerts.yml "$dir/" &&
       sed "s#/etc/prometheus/alerts.yml#$dir/alerts.yml#" deploy/prometheus/prometheus.yml > "$dir/prometheus.yml" &&
       promtool check config "$dir/prometheus.yml"; code=$?; rm -rf "$dir"; exit $code`,
    ]);
    expect(config).toMatchObject({ code: 0 });
  });

  it('provisions Grafana with Prometheus and the dashboard, and keeps both UIs on this machine only', () => {
    const grafana = Object.values(compose.services).find((s) => (s.image ?? '').startsWith('grafana/'))!;
    const prom = Object.values(compose.services).find((s) => (s.image ?? '').startsWith('prom/prometheus'))!;
    for (const service of [grafana, prom]) {
      for (const port of (service as { ports?: string[] }).ports ?? [])
        expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    const volumes = ((grafana as { volumes?: string[] }).volumes ?? []).join(' ');
    expect(volumes).toContain('./deploy/grafana/provisioning:/etc/grafana/provisioning');
    expect(volumes).toContain('./deploy/grafana/dashboards:/var/lib/grafana/dashboards');
    const datasource = parse(read('deploy/grafana/provisioning/datasources/prometheus.yml')) as {
      datasources: { uid: string; url: string }[];
    };
    expect(datasource.datasources[0]).toMatchObject({ uid: 'prometheus', url: 'http://prometheus:9090' });
  });
});
