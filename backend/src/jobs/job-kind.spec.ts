import { defineJob } from './job-kind';
import { jobsSchemaFor } from './pg-boss';

describe('defineJob', () => {
  it('fills in the defaults: five retries with backoff from 30 s, five minutes an attempt, polled every 2 s', () => {
    expect(defineJob<{ userId: string }>('accounts.delete')).toEqual({
      name: 'accounts.delete',
      options: {
        retryLimit: 5,
        retryDelaySeconds: 30,
        retryDelayMaxSeconds: 3600,
        expireInSeconds: 300,
        pollSeconds: 2,
      },
    });
  });

  it('refuses names that do not say their domain, and settings pg-boss would refuse', () => {
    expect(() => defineJob('send')).toThrow(/domain\.action/);
    expect(() => defineJob('Mail.Send')).toThrow(/domain\.action/);
    expect(() => defineJob('mail.send', { retryLimit: 1.5 })).toThrow(/retryLimit/);
    expect(() => defineJob('mail.send', { expireInSeconds: 0 })).toThrow(/expireInSeconds/);
    expect(() => defineJob('mail.send', { pollSeconds: 0.1 })).toThrow(/pollSeconds/);
  });
});

describe('jobsSchemaFor', () => {
  it('keeps the queues beside the app: pgboss for public, <schema>_jobs for another schema', () => {
    expect(jobsSchemaFor('public')).toBe('pgboss');
    expect(jobsSchemaFor('piste_test_abc')).toBe('piste_test_abc_jobs');
  });
});
