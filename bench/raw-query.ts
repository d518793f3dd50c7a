import { Pool } from 'pg';
import { loadAverage, percentile } from './stats';

export interface QueryFigures {
  queriesPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  load: number;
}

/** As many clients as a Piste process's pool. */
const CLIENTS = 10;

/** `CLIENTS` connections run one query back to back for `seconds`, straight on PostgreSQL. */
export async function hammerQuery(
  databaseUrl: string,
  sql: string,
  params: unknown[],
  seconds: number,
): Promise<QueryFigures> {
  const pool = new Pool({ connectionString: databaseUrl, max: CLIENTS });
  try {
    // Open every connection before the clock starts.
    await Promise.all(Array.from({ length: CLIENTS }, () => pool.query(sql, params)));
    const latencies: number[] = [];
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const client = async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await pool.query(sql, params);
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const elapsed = (performance.now() - started) / 1000;
    return {
      queriesPerSecond: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      load: loadAverage(),
    };
  } finally {
    await pool.end();
  }
}
