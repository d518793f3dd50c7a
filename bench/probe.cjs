/**
 * Loaded with `node --expose-gc --require bench/probe.cjs` into every server the bench measures (Piste and the
 * bare baselines alike). It answers the bench over the IPC channel:
 *  - `heap`: the live heap after two full collections (one can leave objects that only a second one frees);
 *  - `statements`: how many queries went through `pg` so far, to count SQL statements per request;
 *  - `gcMs`: milliseconds the process was paused for garbage collection so far, as V8 reports them;
 *  - `gcLongest`: the longest such pause since the bench last asked.
 * With BENCH_HEAP_PROFILE=<folder>, it also samples every allocation (those collected since included, which
 * Node's `--heap-prof` leaves out) and writes a `.heapprofile` there on exit: where the garbage comes from
 * (`node bench/dist/bench/profile-summary.js <file.heapprofile>`). With BENCH_HEAP_PROFILE_SURVIVORS=1 as well,
 * only what outlived a young-generation collection: what each such pause had to copy.
 */
'use strict';

const { PerformanceObserver } = require('node:perf_hooks');
const pg = require('pg');

let gcMs = 0;
let gcLongest = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    gcLongest = Math.max(gcLongest, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

const heapProfileFolder = process.env.BENCH_HEAP_PROFILE;
if (heapProfileFolder) {
  const { Session } = require('node:inspector');
  const { writeFileSync } = require('node:fs');
  const { basename, join } = require('node:path');
  const session = new Session();
  session.connect();
  session.post('HeapProfiler.startSampling', {
    samplingInterval: 8192,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: process.env.BENCH_HEAP_PROFILE_SURVIVORS !== '1',
  });
  // An in-process session answers synchronously, so the profile is written before the process ends.
  process.on('exit', () => {
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (error) return;
      const name = `${basename(process.argv[1] ?? 'node', '.js')}-${process.pid}.heapprofile`;
      writeFileSync(join(heapProfileFolder, name), JSON.stringify(result.profile));
    });
  });
}

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  return query.apply(this, args);
};

process.on('message', (request) => {
  if (!request || typeof request !== 'object' || typeof process.send !== 'function') return;
  if (request.kind === 'heap') {
    global.gc();
    global.gc();
    process.send({ id: request.id, value: process.memoryUsage().heapUsed });
  } else if (request.kind === 'statements') {
    process.send({ id: request.id, value: statements });
  } else if (request.kind === 'gcMs') {
    process.send({ id: request.id, value: gcMs });
  } else if (request.kind === 'gcLongest') {
    process.send({ id: request.id, value: gcLongest });
    gcLongest = 0;
  }
});
// The channel must not keep a server alive once it has closed everything else.
process.channel?.unref();
