import fc from 'fast-check';
import { useTestApp } from './helpers';
import { VisibilityRun } from './visibility-scenario-run';
import { exFriendScenario, exMemberScenario, scenarioArbitrary, type Scenario } from './visibility-scenarios';

describe('connections-only and club-only posts, under random sequences of actions', () => {
  // Each run's fencers are fresh, but the sockets watch every post at once and every step re-reads every list:
  // the socket limit on posts:watch would otherwise drop a watch silently and weaken the run. The model ties each
  // event to the step that caused it, so counts go out at every change here, as in blocks.property.spec.ts: a
  // coalesced update goes out up to a second later, to whoever may see the post then, and landing in the middle
  // of a later step that changes who may see it, it could not be told apart from a leak.
  const t = useTestApp({
    RATE_LIMITS: [process.env.RATE_LIMITS, 'socket-posts=100000/1s'].filter(Boolean).join(','),
    POST_COUNTS_INTERVAL_MS: '0',
  });

  async function runScenario(scenario: Scenario): Promise<VisibilityRun> {
    const run = new VisibilityRun(t, scenario);
    const violations = await run.run();
    if (violations.length > 0) {
      throw new Error(
        `A post reached someone who may not see it:\n  ${violations.join('\n  ')}\nSteps:\n${run.trace()}`,
      );
    }
    return run;
  }

  it('show nothing of the post to an ex-connection: not the edit, not a comment naming them', async () => {
    const run = await runScenario(exFriendScenario);
    // The example does what it says: the like, save and comment land while connected, then the rest is refused.
    expect(run.stepsMatching(/^user 1 (likes|saves|comments #0) post #0 .*→ 201$/)).toHaveLength(3);
    expect(run.stepsMatching(/^user 0 disconnects from user 1 → 204$/)).toHaveLength(1);
    expect(run.stepsMatching(/^user 0 edits post #0 .*→ 200$/)).toHaveLength(2);
    expect(run.stepsMatching(/^user 0 comments #1 naming user 1 post #0 .*→ 201$/)).toHaveLength(1);
    expect(run.stepsMatching(/^user 1 likes post #0 .*→ 404$/)).toHaveLength(1);
  }, 30_000);

  it('show nothing of a club-only post to an ex-member or an outsider', async () => {
    const run = await runScenario(exMemberScenario);
    expect(run.stepsMatching(/^user 1 joins the club → 201$/)).toHaveLength(1);
    expect(run.stepsMatching(/^user 2 posts a club post on foil → 403$/)).toHaveLength(1);
    expect(run.stepsMatching(/^user 1 (likes|comments #0) post #0 .*→ 201$/)).toHaveLength(2);
    expect(run.stepsMatching(/^user 2 likes post #0 .*→ 404$/)).toHaveLength(1);
    expect(run.stepsMatching(/^user 1 leaves the club → 204$/)).toHaveLength(1);
    expect(run.stepsMatching(/^user 1 likes post #0 .*→ 404$/)).toHaveLength(1);
    expect(run.stepsMatching(/^user 0 leaves the club → 4\d\d$/)).toHaveLength(1);
    expect(run.stepsMatching(/^user 2 comments #1 post #0 .*→ 201$/)).toHaveLength(1);
  }, 30_000);

  it('never show one to a user who is not its author, a connection of theirs or a club member, on any route or socket', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        await runScenario(scenario);
      }),
      // A run takes a few seconds; the time limit bounds the shrinking of a failure, and keeps what it reached.
      { numRuns: 15, interruptAfterTimeLimit: 80_000 },
    );
  }, 150_000);
});
