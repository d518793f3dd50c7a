/**
 * Loaded with `node --expose-gc --require bench/probe.cjs` into every server the bench measures (Piste and the
 * bare baselines alike). It answers the bench over the IPC channel:
 *  - `heap`: the live heap after two full collections (one can leave objects that only a second one frees);
 *  - `statements`: how many queries went through `pg` so far, to count SQL statements per request.
 */
'use strict';

const pg = require('pg');

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
  }
});
// The channel must not keep a server alive once it has closed everything else.
process.channel?.unref();
