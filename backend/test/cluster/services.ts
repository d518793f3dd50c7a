import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import S3rver from 's3rver';
import { freePort } from '../../../test/free-port';

/**
 * The services a cluster test owns: a Redis, a PostgreSQL and an nginx started as child processes in temporary
 * folders, and an in-process S3 server. Redis and PostgreSQL can be stopped and started again on the same port, to
 * stage outages without touching the machine's shared PostgreSQL and Redis.
 */

const run = promisify(execFile);

/**
 * An executable on PATH, or in /usr/sbin (Debian's nginx, off a non-root PATH), or for PostgreSQL's tools in
 * Debian's /usr/lib/postgresql/<version>/bin.
 */
export function findBinary(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin'];
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  for (const dir of dirs) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

/** What is missing to run services of these kinds, as human reasons (empty when nothing is). */
export function missingServices(kinds: ReadonlyArray<'redis' | 'postgres' | 'nginx'>): string[] {
  const missing: string[] = [];
  if (kinds.includes('redis') && !findBinary('redis-server')) missing.push('redis-server not found');
  if (kinds.includes('nginx') && !findBinary('nginx'))
    missing.push('nginx not found (apt-get install nginx)');
  if (kinds.includes('postgres')) {
    for (const tool of ['initdb', 'pg_ctl']) if (!findBinary(tool)) missing.push(`${tool} not found`);
    if (isRoot() && (!findBinary('runuser') || !userExists('postgres'))) {
      missing.push('running as root without runuser and a postgres user for initdb');
    }
  }
  return missing;
}

export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `piste-${prefix}-`));
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** A throwaway Redis: no persistence, on its own port. */
export class RedisServer {
  private process: ChildProcess | undefined;
  private output: string[] = [];

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort(), await tempDir('redis'));
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return !!this.process && this.process.exitCode === null && this.process.signalCode === null;
  }

  async start(): Promise<void> {
    if (this.running) return;
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn(findBinary('redis-server') ?? 'redis-server', [...args, '--dir', this.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process = child;
    this.output = [];
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    }
    const deadline = Date.now() + 15_000;
    while (!(await this.ping())) {
      if (!this.running || Date.now() > deadline) {
        throw new Error(`redis-server did not start on ${this.port}:\n${this.output.join('').slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops the server (SIGKILL by default: an outage, not a maintenance); the port stays reserved for start(). */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.process;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }

  /** True when the server answers PING. */
  ping(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      let reply = '';
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(1_000, () => done(false));
      socket.on('error', () => done(false));
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (chunk) => {
        reply += chunk.toString();
        if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
      });
    });
  }
}

/**
 * A throwaway PostgreSQL cluster made by initdb in a temporary folder (trust authentication, loopback only).
 * initdb and the server refuse to run as root, so as root they run as the `postgres` user.
 */
export class PostgresServer {
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<PostgresServer> {
    const dir = await tempDir('pg');
    if (isRoot()) {
      const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
      await chown(dir, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
    }
    const server = new PostgresServer(await freePort(), dir);
    await server.tool('initdb', [
      '-D',
      server.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await server.start();
    return server;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  private get logFile(): string {
    return join(this.dir, 'server.log');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await this.tool('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      this.logFile,
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** A fast shutdown: sessions are cut, as in an outage; committed data stays. */
  async stop(): Promise<void> {
    await this.tool('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  }

  async dispose(): Promise<void> {
    await this.stop().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  /** Creates an empty database and returns its URL. */
  async createDatabase(name: string): Promise<string> {
    await this.query('postgres', `CREATE DATABASE ${name}`);
    return this.url(name);
  }

  async query<T = Record<string, unknown>>(
    database: string,
    sql: string,
    params: unknown[] = [],
  ): Promise<T[]> {
    const client = new Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  private async tool(name: string, args: string[]): Promise<void> {
    const binary = findBinary(name) ?? name;
    const [command, commandArgs] = isRoot()
      ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
      : [binary, args];
    try {
      await run(command, commandArgs, { cwd: this.dir, timeout: 90_000 });
    } catch (err) {
      const log = await readFile(this.logFile, 'utf8').catch(() => '');
      const { stderr = '', stdout = '' } = err as { stderr?: string; stdout?: string };
      throw new Error(`${name} ${args.at(-1)} failed: ${stderr}${stdout}\n${log.slice(-2000)}`);
    }
  }
}

/**
 * An nginx in the foreground, listening on `port`, with everything it writes (pid, logs, temporary files) in a
 * temporary folder.
 */
export class NginxServer {
  private readonly output: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly dir: string,
  ) {
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    }
  }

  /** Starts nginx with `http(dir)` as the body of its `http {}` block; resolves once it accepts connections. */
  static async start(port: number, http: (dir: string) => string): Promise<NginxServer> {
    const dir = await tempDir('nginx');
    // The workers drop root (to nobody) and must reach their temporary folders.
    await chmod(dir, 0o755);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${join(dir, kind)};`,
    );
    const conf = [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      ...temp,
      http(dir),
      '}',
    ].join('\n');
    await writeFile(join(dir, 'nginx.conf'), conf);
    const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')];
    const child = spawn(findBinary('nginx') ?? 'nginx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const server = new NginxServer(child, dir);
    const deadline = Date.now() + 15_000;
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
        await server.dispose();
        throw new Error(`nginx did not start on ${port}:\n${server.output.join('')}${log.slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return server;
  }

  /** A fast shutdown (SIGTERM cuts open connections), then the folder goes. */
  async dispose(): Promise<void> {
    const { child } = this;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** True when something accepts TCP connections on the loopback port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });
}

/** An S3-compatible server inside the test process, with one bucket. */
export class S3Server {
  private constructor(
    private readonly server: S3rver,
    private readonly dir: string,
    readonly endpoint: string,
    readonly bucket: string,
  ) {}

  static async start(bucket = 'piste-objects'): Promise<S3Server> {
    const dir = await tempDir('s3');
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await server.run();
    return new S3Server(server, dir, `http://127.0.0.1:${port}`, bucket);
  }

  /** The replica variables that select this storage. */
  get env(): Record<string, string> {
    return {
      S3_BUCKET: this.bucket,
      S3_ENDPOINT: this.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  /** The keys stored in the bucket (read from s3rver's folder: `<key>._S3rver_object` files). */
  async keys(): Promise<string[]> {
    const suffix = '._S3rver_object';
    const root = join(this.dir, this.bucket);
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && e.name.endsWith(suffix))
      .map((e) => relative(root, join(e.parentPath, e.name.slice(0, -suffix.length))));
  }

  async dispose(): Promise<void> {
    await this.server.close().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }
}
