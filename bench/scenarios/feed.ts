import { FEED_VIEWER } from '../dataset';
import { hammer, warmUp, type HttpFigures } from '../http-load';
import { assertSameJson, getJson } from '../json-check';
import { startBareFeed } from '../baselines';
import { startPiste } from '../piste';
import { compareRuns, statusTally, type Row } from '../report';
import { interleaved } from '../stats';
import { withServers, type Scenario } from './scenario';

/** The first page of a feed, as the web client asks for it. */
export const FIRST_PAGE = '/api/posts/epee?limit=10';

/**
 * Rows comparing two sides' throughput runs: req/s, p50, p99, the server's CPU and statements per request, and its
 * pauses for garbage collection (each holds up every request in flight).
 */
export function httpRows(label: string, piste: HttpFigures[], baseline: HttpFigures[]): Row[] {
  return [
    compareRuns(`${label}: req/s`, piste, baseline, (f) => f.requestsPerSecond, 0),
    compareRuns(`${label}: p50 ms`, piste, baseline, (f) => f.p50),
    compareRuns(`${label}: p99 ms`, piste, baseline, (f) => f.p99),
    compareRuns(`${label}: server CPU µs per request`, piste, baseline, (f) => f.cpuMicrosPerRequest, 0),
    compareRuns(`${label}: SQL statements per request`, piste, baseline, (f) => f.statementsPerRequest, 2),
    compareRuns(`${label}: GC pauses, ms a second`, piste, baseline, (f) => f.gcMsPerSecond),
    compareRuns(`${label}: longest GC pause ms`, piste, baseline, (f) => f.gcLongestMs),
  ];
}

/** A note for runs that got errors or non-2xx replies: their figures are not of the work meant. */
export function failureNote(label: string, runs: HttpFigures[]): string[] {
  const non2xx = runs.reduce((sum, r) => sum + r.non2xx, 0);
  const errors = runs.reduce((sum, r) => sum + r.errors, 0);
  if (!non2xx && !errors) return [];
  const byStatus = statusTally(runs.map((r) => r.otherStatuses));
  return [
    `${label}: ${non2xx} non-2xx replies${byStatus ? ` (${byStatus})` : ''} and ${errors} connection errors ` +
      `over the rounds; they count in req/s and latency.`,
  ];
}

/**
 * The first feed page as a signed-in reader, Piste against a bare `node:http` + `pg` server that checks the
 * session row and runs one query for the same JSON, its statements prepared as Piste's are; and, for the record,
 * against the same server sending them unnamed (pg's default), planned again at every request. autocannon, 50
 * connections, rounds interleaved.
 */
export const feedScenario: Scenario = {
  title: 'Feed page',
  run: ({ settings, signIns }) =>
    withServers(
      [() => startPiste(settings), () => startBareFeed(settings), () => startBareFeed(settings, false)],
      async ([piste, bare, unnamed]) => {
        const { cookie } = await signIns.as(piste.url, FEED_VIEWER);
        const same = assertSameJson(
          'Piste and the bare server',
          await getJson(piste.url, FIRST_PAGE, cookie),
          await getJson(bare.url, FIRST_PAGE, cookie),
        );
        for (const server of [piste, bare, unnamed]) await warmUp(server, FIRST_PAGE, cookie);
        const rounds = await interleaved(settings.rounds, {
          piste: () => hammer(piste, FIRST_PAGE, cookie, settings.seconds),
          bare: () => hammer(bare, FIRST_PAGE, cookie, settings.seconds),
          unnamed: () => hammer(unnamed, FIRST_PAGE, cookie, settings.seconds),
        });
        return {
          title: 'Feed page',
          rows: [
            ...httpRows(`feed first page (${FIRST_PAGE})`, rounds.piste, rounds.bare),
            ...httpRows(
              'feed first page, baseline sending unnamed statements (information)',
              rounds.piste,
              rounds.unnamed,
            ).slice(0, 3),
          ],
          notes: [
            same,
            ...failureNote('Piste', rounds.piste),
            ...failureNote('bare server', rounds.bare),
            ...failureNote('bare server, unnamed statements', rounds.unnamed),
          ],
          rounds,
        };
      },
    ),
};
