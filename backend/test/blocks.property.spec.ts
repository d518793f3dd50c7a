import fc from 'fast-check';
import { useTestApp } from './helpers';
import { ScenarioRun } from './blocks-scenario-run';
import { blockHeavyScenario, scenarioArbitrary } from './blocks-scenarios';

describe('blocks, under random sequences of actions', () => {
  // The model ties each event to the step that caused it, so counts go out at every change here; a coalesced
  // update goes out later, to whoever may see the post then (posts-live-counts.spec.ts).
  const t = useTestApp({ POST_COUNTS_INTERVAL_MS: '0' });

  it('never deliver a message, notification or post event across a block', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const run = new ScenarioRun(t, scenario);
        const violations = await run.run();
        if (violations.length > 0) {
          throw new Error(`Events crossed a block:\n  ${violations.join('\n  ')}\nSteps:\n${run.trace()}`);
        }
      }),
      // A run takes a second or two; the time limit bounds the shrinking of a failure, and keeps what it reached.
      { numRuns: 15, examples: [[blockHeavyScenario]], interruptAfterTimeLimit: 90_000 },
    );
  }, 150_000);
});
