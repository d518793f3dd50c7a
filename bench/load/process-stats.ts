import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second, the unit of CPU times in /proc. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: count fields from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** Resident memory of a process, in bytes (`VmRSS`); NaN once it is gone. */
export function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kib ? Number(kib) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The processes whose command name is `name` (e.g. every PostgreSQL backend). */
export function processesNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** CPU seconds the whole machine has been busy (every core, everything but idle and I/O wait). */
export function machineBusySeconds(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS;
}

/** CPU used by named groups of processes between `start` and `read`, as a share of one core (100 % = a core). */
export class CpuMeter {
  private startedAt = 0;
  private readonly before = new Map<string, number>();

  constructor(private readonly groups: Record<string, () => number>) {}

  start(): void {
    this.startedAt = performance.now();
    for (const [name, seconds] of Object.entries(this.groups)) this.before.set(name, seconds());
  }

  /** Per group, percent of one core since `start`. */
  read(): Record<string, number> {
    const elapsed = (performance.now() - this.startedAt) / 1000;
    return Object.fromEntries(
      Object.entries(this.groups).map(([name, seconds]) => [
        name,
        elapsed > 0 ? ((seconds() - (this.before.get(name) ?? 0)) / elapsed) * 100 : NaN,
      ]),
    );
  }
}

/**
 * CPU seconds of the PostgreSQL backends serving `database` now (their command line names it; backends that ended
 * meanwhile are not counted): on a shared server, the part of PostgreSQL's work that is the bench's.
 */
export function cpuSecondsOfPostgres(database: string): number {
  return processesNamed('postgres')
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(' ').includes(database);
      } catch {
        return false;
      }
    })
    .reduce((sum, pid) => sum + cpuSeconds(pid), 0);
}

/** The soft limit on open files of a process (`self`: this one); Infinity when unlimited or unknown. */
export function openFileLimit(pid: number | 'self' = 'self'): number {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : Infinity;
  } catch {
    return Infinity;
  }
}
