/**
 * Where a server's CPU went: reads a V8 `.cpuprofile` (written with BENCH_CPU_PROFILE) and prints self time by
 * package (`node_modules/<name>`), by Piste's own folder (`backend/dist/<module>`), and V8's own work (GC,
 * compiling, idle), largest first. `node bench/dist/bench/profile-summary.js <file.cpuprofile> [rows]`
 * Given a `.heapprofile` (written with BENCH_HEAP_PROFILE), it prints the bytes allocated the same way, then by
 * function: where the garbage comes from.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The bucket a frame's self time counts in. */
export function bucketOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : `(${functionName || 'native'})`;
  const packages = url.split('node_modules/');
  if (packages.length > 1) {
    const rest = packages[packages.length - 1];
    const parts = rest.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const own = /backend\/dist\/([^/]+)/.exec(url);
  if (own) return `piste: ${own[1].replace(/\.js$/, '')}`;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
}

/** Self milliseconds per bucket, largest first. */
export function summarize(profile: CpuProfile): { bucket: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const bucket = bucketOf(node.callFrame.url, node.callFrame.functionName);
    totals.set(bucket, (totals.get(bucket) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].map(([bucket, ms]) => ({ bucket, ms })).sort((a, b) => b.ms - a.ms);
}

interface HeapProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapProfileNode[];
}

/** Bytes allocated per bucket and per function (name, file and line), largest first. */
export function summarizeAllocations(head: HeapProfileNode): {
  byBucket: { bucket: string; bytes: number }[];
  byFunction: { bucket: string; bytes: number }[];
} {
  const byBucket = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (totals: Map<string, number>, key: string, bytes: number) =>
    totals.set(key, (totals.get(key) ?? 0) + bytes);
  const visit = (node: HeapProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const bucket = bucketOf(url, functionName);
    add(byBucket, bucket, node.selfSize);
    const file = url.replace(/^.*\/(node_modules|backend\/dist)\//, '') || bucket;
    add(byFunction, `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`, node.selfSize);
    node.children.forEach(visit);
  };
  visit(head);
  const sorted = (totals: Map<string, number>) =>
    [...totals].map(([bucket, bytes]) => ({ bucket, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { byBucket: sorted(byBucket), byFunction: sorted(byFunction) };
}

function printAllocations(head: HeapProfileNode, rows: number): void {
  const { byBucket, byFunction } = summarizeAllocations(head);
  const total = byBucket.reduce((sum, s) => sum + s.bytes, 0);
  console.log(`allocated ${(total / 2 ** 20).toFixed(0)} MiB (sampled)`);
  for (const list of [byBucket, byFunction]) {
    for (const { bucket, bytes } of list.slice(0, rows))
      console.log(
        `${(bytes / 2 ** 20).toFixed(1).padStart(8)} MiB  ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${bucket}`,
      );
    console.log('');
  }
}

function main(): void {
  const [file, rows = '25'] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary <file.cpuprofile|file.heapprofile> [rows]');
  if (file.endsWith('.heapprofile')) {
    printAllocations(
      (JSON.parse(readFileSync(file, 'utf8')) as { head: HeapProfileNode }).head,
      Number(rows),
    );
    return;
  }
  const summary = summarize(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  const busy = summary.filter((s) => s.bucket !== '(idle)').reduce((sum, s) => sum + s.ms, 0);
  console.log(`busy ${busy.toFixed(0)} ms`);
  for (const { bucket, ms } of summary.slice(0, Number(rows)))
    console.log(
      `${ms.toFixed(0).padStart(8)} ms  ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${bucket}`,
    );
}

if (require.main === module) main();
