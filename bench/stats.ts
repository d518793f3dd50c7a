import { loadavg } from 'node:os';

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentile (p in 0…100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The machine's one-minute load average when a measurement ends, kept beside it. */
export function loadAverage(): number {
  return Math.round(loadavg()[0] * 100) / 100;
}

/**
 * Runs every contender once per round, rotating who goes first (with two: alternating), so that a slow spell of
 * the shared machine falls on each of them alike. Returns each contender's figures, one per round.
 */
export async function interleaved<K extends string, T>(
  rounds: number,
  contenders: Record<K, () => Promise<T>>,
): Promise<Record<K, T[]>> {
  const names = Object.keys(contenders) as K[];
  const results = Object.fromEntries(names.map((name) => [name, [] as T[]])) as Record<K, T[]>;
  for (let round = 0; round < rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) {
      console.log(`    round ${round + 1}/${rounds}: ${name}`);
      results[name].push(await contenders[name]());
    }
  }
  return results;
}
