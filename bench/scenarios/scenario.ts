import type { ScenarioResult } from '../report';
import type { ServerProcess } from '../server-process';
import type { SignIns } from '../sessions';
import type { BenchSettings } from '../settings';

export interface BenchContext {
  settings: BenchSettings;
  signIns: SignIns;
}

export interface Scenario {
  title: string;
  run(context: BenchContext): Promise<ScenarioResult>;
}

/** Starts the servers a scenario compares (in order), runs it, and stops them whatever happens. */
export async function withServers<T>(
  starts: (() => Promise<ServerProcess>)[],
  work: (servers: ServerProcess[]) => Promise<T>,
): Promise<T> {
  const started: ServerProcess[] = [];
  try {
    for (const start of starts) started.push(await start());
    return await work(started);
  } finally {
    for (const server of started.reverse()) await server.stop();
  }
}
