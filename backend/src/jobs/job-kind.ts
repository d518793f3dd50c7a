/** How a kind of job is retried, how long one attempt may take, and how soon an idle worker looks for one. */
export interface JobKindOptions {
  /** Attempts after the first one fails (default 5); when the last fails too, the job is kept as failed. */
  retryLimit?: number;
  /** Seconds before the first retry; each later one waits about twice as long (default 30). */
  retryDelaySeconds?: number;
  /** The longest wait between two attempts, in seconds (default one hour). */
  retryDelayMaxSeconds?: number;
  /** How long one attempt may run before it counts as failed and is retried, in seconds (default 5 minutes). */
  expireInSeconds?: number;
  /** How often an idle worker looks for jobs of this kind, in seconds (default 2, at least 0.5). */
  pollSeconds?: number;
}

/**
 * A kind of background job: its queue's name, how it is retried, and the type of its data, shared by the code
 * that enqueues it and its handler, so the two cannot disagree. Data is stored as JSON.
 */
export interface JobKind<Data extends object> {
  readonly name: string;
  readonly options: Required<JobKindOptions>;
  /** The data's type, for the compiler only: never set. */
  readonly dataType?: Data;
}

const DEFAULTS: Required<JobKindOptions> = {
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 60 * 60,
  expireInSeconds: 5 * 60,
  pollSeconds: 2,
};

/** Queue names are a domain's name and what it does, e.g. `mail.send` or `accounts.delete`. */
const JOB_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/** Declares a kind of job, e.g. `defineJob<{ userId: string }>('accounts.delete', { retryLimit: 10 })`. */
export function defineJob<Data extends object>(name: string, options: JobKindOptions = {}): JobKind<Data> {
  if (!JOB_NAME.test(name)) throw new Error(`Job name '${name}' is not like 'domain.action'`);
  const resolved = { ...DEFAULTS, ...options };
  for (const key of ['retryLimit', 'retryDelaySeconds', 'retryDelayMaxSeconds', 'expireInSeconds'] as const) {
    if (!Number.isInteger(resolved[key]) || resolved[key] < 0) {
      throw new Error(`Job '${name}': ${key} must be a whole number of 0 or more`);
    }
  }
  if (resolved.expireInSeconds < 1) throw new Error(`Job '${name}': expireInSeconds must be at least 1`);
  if (!(resolved.pollSeconds >= 0.5)) throw new Error(`Job '${name}': pollSeconds must be at least 0.5`);
  return { name, options: resolved };
}
