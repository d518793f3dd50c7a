import { startBareFeed, startFrameworkFeed } from '../baselines';
import { FEED_VIEWER } from '../dataset';
import { hammer, warmUp, type HttpFigures } from '../http-load';
import { assertSameJson, getJson } from '../json-check';
import { startPiste } from '../piste';
import { compareRuns, figure, type Row } from '../report';
import type { ServerProcess } from '../server-process';
import { interleaved, median } from '../stats';
import { failureNote, FIRST_PAGE } from './feed';
import { withServers, type Scenario } from './scenario';

const BARE = 'bare node:http';

interface Rung {
  name: string;
  /** The framework serving the bare work (`framework-feed-server`); none for Piste itself. */
  framework?: string;
  layers?: string[];
  /** The rung this one adds to, whose CPU per request it is compared with. */
  on: string;
}

/**
 * From the bare server to Piste: the framework serving the same work, then Piste's middleware added in Piste's
 * order; Piste is the last rung.
 */
const RUNGS: Rung[] = [
  { name: 'Express 5', framework: 'express', on: BARE },
  { name: 'Nest on Express', framework: 'nest-express', on: 'Express 5' },
  { name: 'Nest on Fastify', framework: 'nest-fastify', on: 'Nest on Express' },
  { name: 'Nest on Express + pino-http', framework: 'nest-express', layers: ['logs'], on: 'Nest on Express' },
  {
    name: '… + helmet',
    framework: 'nest-express',
    layers: ['logs', 'helmet'],
    on: 'Nest on Express + pino-http',
  },
  {
    name: '… + express-session and passport',
    framework: 'nest-express',
    layers: ['logs', 'helmet', 'sessions'],
    on: '… + helmet',
  },
  { name: 'Piste', on: '… + express-session and passport' },
];

const cpuOf = (f: HttpFigures) => f.cpuMicrosPerRequest;
const medianCpu = (runs: HttpFigures[]) => median(runs.map(cpuOf));

/** A rung's rows: its req/s and CPU per request against the bare server's, and what it adds to the rung it is on. */
function rungRows(rung: Rung, rounds: Record<string, HttpFigures[]>): Row[] {
  const runs = rounds[rung.name];
  const added = medianCpu(runs) - medianCpu(rounds[rung.on]);
  const sign = added >= 0 ? '+' : '';
  return [
    compareRuns(`${rung.name}: req/s`, runs, rounds[BARE], (f) => f.requestsPerSecond, 0),
    compareRuns(
      `${rung.name}: server CPU µs per request (${sign}${figure(added, 0)} on ${rung.on})`,
      runs,
      rounds[BARE],
      cpuOf,
      0,
    ),
  ];
}

/**
 * What each layer between `node:http` and Piste costs a feed request: the bare server's work (the same session
 * row, query and JSON) served by Express, by Nest on Express and on Fastify, then with Piste's request logging,
 * security headers and sessions added one by one, and Piste itself. Rounds interleaved; the table's Piste column
 * holds the rung each row names.
 */
export const feedLayersScenario: Scenario = {
  title: 'Feed page, layer by layer',
  run: ({ settings, signIns }) =>
    withServers(
      [
        () => startBareFeed(settings),
        ...RUNGS.map(
          (rung) => () =>
            rung.framework ? startFrameworkFeed(settings, rung.framework, rung.layers) : startPiste(settings),
        ),
      ],
      async ([bare, ...rungServers]) => {
        const servers = new Map<string, ServerProcess>([
          [BARE, bare],
          ...RUNGS.map((rung, i) => [rung.name, rungServers[i]] as const),
        ]);
        const { cookie } = await signIns.as(servers.get('Piste')!.url, FEED_VIEWER);
        const expected = await getJson(bare.url, FIRST_PAGE, cookie);
        const same = new Set<string>();
        for (const rung of RUNGS) {
          const body = await getJson(servers.get(rung.name)!.url, FIRST_PAGE, cookie);
          same.add(assertSameJson('every rung and the bare server', body, expected));
        }
        for (const server of servers.values()) await warmUp(server, FIRST_PAGE, cookie);
        const rounds = await interleaved(
          settings.rounds,
          Object.fromEntries(
            [...servers].map(([name, server]) => [
              name,
              () => hammer(server, FIRST_PAGE, cookie, settings.seconds),
            ]),
          ),
        );
        return {
          title: 'Feed page, layer by layer',
          rows: RUNGS.flatMap((rung) => rungRows(rung, rounds)),
          notes: [
            'Each row compares the rung it names (in the Piste column) with the bare server; the CPU row also ' +
              'says what the rung adds to the one it is built on.',
            ...same,
            ...[...servers.keys()].flatMap((name) => failureNote(name, rounds[name])),
          ],
          rounds,
        };
      },
    ),
};
