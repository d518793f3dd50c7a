/**
 * `npm run bench`: Piste's side-by-side benchmark suite. Seeds (or re-uses) the `piste_bench` database, runs each
 * scenario against Piste and its bare baseline in interleaved rounds, prints the table of medians and writes it,
 * with every round's raw figures, to `bench/results/`. Figures, not assertions: see bench/README.md.
 */
import { existsSync } from 'node:fs';
import { markdownReport, markdownTable, writeResults, type RunReport } from './report';
import { PISTE_MAIN } from './paths';
import { prepareBenchDatabase } from './seed';
import { SignIns } from './sessions';
import { readSettings } from './settings';
import { SCENARIO_RUNNERS } from './scenarios';

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  if (typeof settings === 'string') {
    console.error(settings);
    process.exit(1);
  }
  if (!existsSync(PISTE_MAIN)) throw new Error(`${PISTE_MAIN} is missing: run \`npm run build\` first`);
  const startedAt = new Date();
  const seed = await prepareBenchDatabase(settings);
  console.log(`Database ready in ${seed.seconds.toFixed(0)} s.`);

  const context = { settings, signIns: new SignIns() };
  const results: RunReport['results'] = {};
  const runStarted = performance.now();
  for (const name of settings.scenarios) {
    const scenario = SCENARIO_RUNNERS[name];
    console.log(`\n${scenario.title} …`);
    try {
      const result = await scenario.run(context);
      results[name] = result;
      console.log(markdownTable(result.rows));
    } catch (err) {
      console.error(err);
      results[name] = { title: scenario.title, error: err instanceof Error ? err.message : String(err) };
    }
  }

  const report: RunReport = {
    startedAt,
    settings: {
      seconds: settings.seconds,
      rounds: settings.rounds,
      scenarios: settings.scenarios,
      redis: !!settings.redisUrl,
    },
    seed,
    runSeconds: (performance.now() - runStarted) / 1000,
    results,
  };
  console.log(`\n${markdownReport(report)}`);
  console.log(`Written to ${writeResults(report)} (and .json).`);
  // A scenario that failed leaves its row out of the table; the run says so with its exit code.
  if (Object.values(results).some((r) => 'error' in r)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
