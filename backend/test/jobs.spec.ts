import { readinessReplySchema, type ReadinessReply } from '@piste/contracts';
import { DataSource } from 'typeorm';
import { defineJob, type JobKind } from '../src/jobs/job-kind';
import { JobsService, type JobRun } from '../src/jobs/jobs.service';
import { jobsSchemaFor } from '../src/jobs/pg-boss';
import { startTestApp, uniqueName, useTestApp, waitFor, type TestApp } from './helpers';

// Jobs are polled every half second here, and retried after a second or two.
jest.setTimeout(90_000);

interface Note {
  note: string;
}

/** A kind of job of this test alone, quick to poll and to retry. */
const testJob = (action: string, retryLimit = 5): JobKind<Note> =>
  defineJob<Note>(`test.${action}`, { retryLimit, retryDelaySeconds: 1, pollSeconds: 0.5 });

/** Resolves once `check` is true, looking every 200 ms; rejects with `what` after `timeoutMs`. */
async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await waitFor(200);
  }
}

async function readiness(t: TestApp): Promise<{ status: number; body: ReadinessReply }> {
  const res = await fetch(`${t.url}/health/ready`);
  return { status: res.status, body: readinessReplySchema.parse(await res.json()) };
}

/** Enqueues one job of `kind` in a transaction of its own, which commits. */
function enqueueCommitted(t: TestApp, kind: JobKind<Note>, note: string): Promise<string> {
  return t.app
    .get(DataSource)
    .transaction((manager) => t.app.get(JobsService).enqueue(manager, kind, { note }));
}

/** The stored jobs of a kind carrying this note. */
async function storedJobs(t: TestApp, kind: JobKind<Note>, note: string): Promise<{ state: string }[]> {
  const schema = jobsSchemaFor(t.config.databaseSchema);
  return t.app
    .get(DataSource)
    .query(`SELECT state FROM "${schema}".job WHERE name = $1 AND data->>'note' = $2`, [kind.name, note]);
}

describe('background jobs', () => {
  const t = useTestApp();

  it('runs a job enqueued in a committed transaction, and never one whose transaction rolled back', async () => {
    const kind = testJob('transactional');
    const ran: string[] = [];
    await t.app.get(JobsService).register(kind, ({ note }) => {
      ran.push(note);
    });
    const dataSource = t.app.get(DataSource);
    const rolledBack = uniqueName('rolled_back');
    await expect(
      dataSource.transaction(async (manager) => {
        await t.app.get(JobsService).enqueue(manager, kind, { note: rolledBack });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    const committed = uniqueName('committed');
    await enqueueCommitted(t, kind, committed);

    await eventually('the committed job ran', () => ran.includes(committed));
    expect(ran).toEqual([committed]);
    expect(await storedJobs(t, kind, rolledBack)).toEqual([]);
  });

  it('runs a job enqueued outside any transaction, through the data source', async () => {
    const kind = testJob('untransacted');
    const ran: string[] = [];
    await t.app.get(JobsService).register(kind, ({ note }) => {
      ran.push(note);
    });
    const note = uniqueName('alone');
    await t.app.get(JobsService).enqueue(t.app.get(DataSource).manager, kind, { note });

    await eventually('the job ran', () => ran.includes(note));
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const kind = testJob('flaky');
    const attempts: JobRun[] = [];
    await t.app.get(JobsService).register(kind, (_note, run) => {
      attempts.push(run);
      if (run.attempt < 3) throw new Error(`attempt ${run.attempt} fails`);
    });
    const note = uniqueName('flaky');
    const id = await enqueueCommitted(t, kind, note);

    await eventually(
      'the job completed',
      async () => (await storedJobs(t, kind, note))[0]?.state === 'completed',
    );
    await waitFor(1_500);
    expect(attempts.map(({ id: ran, attempt }) => ({ ran, attempt }))).toEqual([
      { ran: id, attempt: 1 },
      { ran: id, attempt: 2 },
      { ran: id, attempt: 3 },
    ]);
  });

  it('keeps a job that used up its retries as failed, counted by readiness, which stays 200', async () => {
    const kind = testJob('broken', 1);
    let runs = 0;
    await t.app.get(JobsService).register(kind, () => {
      runs += 1;
      throw new Error('always broken');
    });
    const before = await readiness(t);
    expect(before).toMatchObject({
      status: 200,
      body: { status: 'ok', jobs: { failed: expect.any(Number) } },
    });
    const note = uniqueName('broken');
    await enqueueCommitted(t, kind, note);

    await eventually(
      'the job failed for good',
      async () => (await storedJobs(t, kind, note))[0]?.state === 'failed',
    );
    expect(runs).toBe(2);
    const after = await readiness(t);
    expect(after.status).toBe(200);
    expect(after.body.status).toBe('ok');
    expect(after.body.jobs?.failed).toBe(before.body.jobs!.failed + 1);
  });

  it('refuses a job of a kind nobody registered', async () => {
    const kind = testJob('unregistered');
    await expect(
      t.app
        .get(DataSource)
        .transaction((manager) => t.app.get(JobsService).enqueue(manager, kind, { note: 'x' })),
    ).rejects.toThrow("Job 'test.unregistered' enqueued but never registered");
  });
});

describe('background jobs on two replicas of one database', () => {
  const first = useTestApp();
  let second: TestApp;

  beforeAll(async () => {
    second = await startTestApp();
  });
  afterAll(async () => {
    await second?.close();
  });

  it('runs each job once, on one replica or the other', async () => {
    const kind = testJob('once');
    const runs: { replica: string; note: string }[] = [];
    const handlerOf =
      (replica: string) =>
      async ({ note }: Note) => {
        runs.push({ replica, note });
        // Long enough that the other replica polls while this one works through the queue.
        await waitFor(100);
      };
    await first.app.get(JobsService).register(kind, handlerOf('first'));
    await second.app.get(JobsService).register(kind, handlerOf('second'));
    const notes = Array.from({ length: 20 }, (_, i) => `once_${i}_${uniqueName('job')}`);
    await first.app.get(DataSource).transaction(async (manager) => {
      for (const note of notes) await first.app.get(JobsService).enqueue(manager, kind, { note });
    });

    await eventually('every job ran', () => new Set(runs.map((run) => run.note)).size === notes.length);
    // Time enough for a second run of any of them, were one to happen.
    await waitFor(2_000);
    expect(runs.map((run) => run.note).sort()).toEqual([...notes].sort());
    expect(new Set(runs.map((run) => run.replica))).toEqual(new Set(['first', 'second']));
  });
});
