import { ApiClient, makeUser, waitFor } from '../helpers';
import { useMailbox } from '../mailbox';
import { ClusterStack, describeCluster } from './harness';

describeCluster('a job outlives the process that enqueued it', ['postgres'], () => {
  const stack = new ClusterStack();
  const mailbox = useMailbox();
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = (await stack.postgres()).url();
  });
  afterAll(() => stack.cleanup());

  it('a reset link asked for on a replica killed before its job ran arrives once, from the next replica', async () => {
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: mailbox.url };
    // A replica that only enqueues: nothing runs its jobs before it dies.
    const enqueuer = await stack.replica('enqueuer', { ...env, JOBS_WORKER: 'false' });
    await enqueuer.waitReady();
    const fencer = await makeUser(enqueuer.url);
    const email = `${fencer.user.username}@example.com`;
    const asked = await new ApiClient(enqueuer.url).post('/api/password/forgot', {
      login: fencer.user.username,
    });
    expect(asked.status).toBe(202);

    enqueuer.kill('SIGKILL');
    expect(await enqueuer.exited).toMatchObject({ signal: 'SIGKILL' });
    await waitFor(1_000);
    expect(mailbox.received.filter((mail) => mail.to.includes(email))).toEqual([]);

    const worker = await stack.replica('worker', env);
    await worker.waitReady();
    const reset = await mailbox.waitForMail(email, (mail) => mail.subject === 'Reset your Piste password');
    expect(reset.text).toContain('/reset-password?token=');
    // The registration's verification mail and the reset mail, each once, however long we wait.
    await mailbox.waitForMail(email, (mail) => mail.subject === 'Confirm your email address for Piste');
    await waitFor(3_000);
    expect(
      mailbox.received
        .filter((mail) => mail.to.includes(email))
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(['Confirm your email address for Piste', 'Reset your Piste password']);
  });
});
