/**
 * `npm run cluster`: two Piste replicas of the built backend behind a small proxy on this machine (round-robin,
 * with Socket.IO pinned to one replica per client address), sharing DATABASE_URL, REDIS_URL and (when set) S3_*
 * storage — the docker-compose topology without Docker.
 * The proxy listens on PORT (default 3000), the replicas on the next two ports. Ctrl-C or SIGTERM stops the
 * replicas gracefully (SIGTERM to each) and waits for them.
 */
import { randomBytes } from 'node:crypto';
import { describeExit, startReplica, type Replica, type ReplicaLogLine } from './replica';
import { startProxy, type RunningProxy } from './proxy';

const REPLICA_NAMES = ['A', 'B'] as const;
/** Longer than the default drain (5 s) plus grace (10 s), so a clean shutdown is never cut short. */
const STOP_TIMEOUT_MS = 60_000;

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

function printLine(line: ReplicaLogLine): void {
  (line.stream === 'stderr' ? process.stderr : process.stdout).write(`[${line.replica}] ${line.text}\n`);
}

async function main(): Promise<void> {
  const env = process.env;
  if (!env.DATABASE_URL || !env.REDIS_URL) {
    refuse(
      'npm run cluster needs DATABASE_URL and REDIS_URL: the replicas must share one PostgreSQL and one Redis ' +
        '(the embedded database belongs to a single process and cannot be shared).\n' +
        'e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/piste REDIS_URL=redis://127.0.0.1:6379 npm run cluster',
    );
  }
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65533)
    refuse(`PORT must be a port number, not ${env.PORT}`);
  if (!env.S3_BUCKET) {
    console.log(`No S3_BUCKET: both replicas keep uploads in one local folder (${env.DATA_DIR ?? '.data'}).`);
  }

  const shared: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: env.NODE_ENV ?? 'production',
    // Every replica must sign and read the same session cookies.
    SESSION_SECRET: env.SESSION_SECRET ?? randomBytes(24).toString('hex'),
    TRUST_PROXY: 'true',
  };
  const replicas: Replica[] = REPLICA_NAMES.map((name, i) =>
    startReplica({ name, port: port + 1 + i, env: shared, onLine: printLine }),
  );
  let proxy: RunningProxy | undefined;
  let stopping = false;

  process.on('exit', () => {
    for (const replica of replicas) replica.kill('SIGKILL');
  });

  const stop = async (reason: string, exitCode: number): Promise<never> => {
    stopping = true;
    console.log(`${reason}: stopping the replicas …`);
    const exits = await Promise.all(replicas.map((r) => r.stop(STOP_TIMEOUT_MS)));
    await proxy?.close();
    exits.forEach((exit, i) => console.log(`replica ${REPLICA_NAMES[i]} exited (${describeExit(exit)})`));
    process.exit(exits.every((e) => e.code === 0) ? exitCode : 1);
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        console.log('Stopping at once.');
        for (const replica of replicas) replica.kill('SIGKILL');
        return;
      }
      void stop(`Received ${signal}`, 0);
    });
  }
  for (const replica of replicas) {
    void replica.exited.then((exit) => {
      if (!stopping) void stop(`Replica ${replica.name} exited on its own (${describeExit(exit)})`, 1);
    });
  }

  try {
    await Promise.all(replicas.map((r) => r.waitReady(120_000)));
    proxy = await startProxy({
      port,
      host: env.HOST ?? '0.0.0.0',
      upstreams: replicas.map((_, i) => ({ host: '127.0.0.1', port: port + 1 + i })),
    });
  } catch (err) {
    if (stopping) return;
    await stop(err instanceof Error ? err.message : String(err), 1);
  }
  console.log(
    `Piste cluster: ${proxy!.url} → ${replicas.map((r) => `${r.name} ${r.url}`).join(', ')} (Ctrl-C stops it)`,
  );
}

void main();
