import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { RESULTS_DIR } from './paths';
import { median } from './stats';

/** One line of the results table; figures are already formatted. */
export interface Row {
  measure: string;
  piste: string;
  baseline: string;
  ratio: string;
  /** One-minute load average during the measurements: Piste's median / the baseline's median. */
  load: string;
}

export interface ScenarioResult {
  title: string;
  rows: Row[];
  notes: string[];
  /** Every round's raw figures, for the JSON file. */
  rounds: unknown;
}

export const NONE = '—';

export function figure(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : NONE;
}

export function ratio(piste: number, baseline: number): string {
  return Number.isFinite(piste) && Number.isFinite(baseline) && baseline !== 0
    ? `${(piste / baseline).toFixed(2)}×`
    : NONE;
}

export function loads(piste: number[], baseline: number[] = []): string {
  const side = (values: number[]) => (values.length ? median(values).toFixed(2) : NONE);
  return baseline.length ? `${side(piste)} / ${side(baseline)}` : side(piste);
}

/** A row comparing the medians of two sides' per-round figures. */
export function compare(
  measure: string,
  piste: { values: number[]; loads: number[] },
  baseline: { values: number[]; loads: number[] },
  digits = 1,
): Row {
  const p = median(piste.values);
  const b = median(baseline.values);
  return {
    measure,
    piste: figure(p, digits),
    baseline: figure(b, digits),
    ratio: ratio(p, b),
    load: loads(piste.loads, baseline.loads),
  };
}

/** One side of a comparison: the figure `pick` reads from each run, with the load average each ran under. */
export function side<Run extends { load: number }>(
  runs: Run[],
  pick: (run: Run) => number,
): { values: number[]; loads: number[] } {
  return { values: runs.map(pick), loads: runs.map((run) => run.load) };
}

/** A row comparing the figure `pick` reads from each run of Piste and of the baseline (medians). */
export function compareRuns<Run extends { load: number }>(
  measure: string,
  piste: Run[],
  baseline: Run[],
  pick: (run: Run) => number,
  digits = 1,
): Row {
  return compare(measure, side(piste, pick), side(baseline, pick), digits);
}

/** `3 × 503, 1 × 500`: counts by status summed over the rounds; empty when there are none. */
export function statusTally(perRound: Record<string, number>[]): string {
  const total = new Map<string, number>();
  for (const [status, count] of perRound.flatMap((round) => Object.entries(round))) {
    total.set(status, (total.get(status) ?? 0) + count);
  }
  return [...total].map(([status, count]) => `${count} × ${status}`).join(', ');
}

export function markdownTable(rows: Row[]): string {
  const header = ['measure', 'Piste', 'bare baseline', 'ratio', 'load avg'];
  const lines = rows.map((r) => [r.measure, r.piste, r.baseline, r.ratio, r.load]);
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [header, header.map(() => '---'), ...lines]
    .map((cells) => `| ${cells.map(escape).join(' | ')} |`)
    .join('\n');
}

export interface RunReport {
  startedAt: Date;
  settings: Record<string, unknown>;
  seed: { reused: boolean; seconds: number };
  runSeconds: number;
  results: Record<string, ScenarioResult | { title: string; error: string }>;
}

/** The whole run as markdown: the table, then each scenario's notes. */
export function markdownReport(report: RunReport): string {
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const result of Object.values(report.results)) {
    if ('error' in result) {
      notes.push(`- ${result.title}: failed — ${result.error}`);
      continue;
    }
    rows.push(...result.rows);
    notes.push(...result.notes.map((note) => `- ${result.title}: ${note}`));
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  return [
    `# Piste bench, ${report.startedAt.toISOString()}`,
    '',
    `Machine: ${machine}. Seed: ${report.seed.reused ? 're-used' : 'seeded'} in ${report.seed.seconds.toFixed(0)} s; ` +
      `scenarios took ${report.runSeconds.toFixed(0)} s.`,
    `Settings: ${JSON.stringify(report.settings)}`,
    '',
    markdownTable(rows),
    '',
    ...(notes.length ? ['Notes:', '', ...notes, ''] : []),
  ].join('\n');
}

/** `bench/results/<YYYY-MM-DD-HHMM>.md` and `.json` (local time); returns the markdown file's path. */
export function writeResults(report: RunReport): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const t = report.startedAt;
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}-${pad(t.getHours())}${pad(t.getMinutes())}`;
  const base = join(RESULTS_DIR, stamp);
  writeFileSync(`${base}.md`, markdownReport(report));
  writeFileSync(`${base}.json`, JSON.stringify(report, null, 2) + '\n');
  return `${base}.md`;
}
