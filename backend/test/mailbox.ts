import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Client } from 'pg';
import { jobsSchemaFor } from '../src/jobs/pg-boss';

/** A mail as it arrived at the test SMTP server. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower-cased. */
  to: string[];
  /** The From header's address. */
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  /** The user the sender signed in as, when it did. */
  user: string | undefined;
}

export interface Mailbox {
  /** SMTP_URL for the app, with a user and password (the server takes any, and mail without them too). */
  url: string;
  /** `{SMTP_URL}` once started: pass it to `useTestApp` after `useMailbox()`. */
  env: Record<string, string>;
  /** Every mail received, oldest first. */
  received: ReceivedMail[];
  /** The first mail to `to` (already received or still to come) that matches, or a rejection after `timeoutMs`. */
  waitForMail(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** An SMTP server on a free loopback port that keeps what it receives, parsed. */
export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const arrivals = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    // A test server: no TLS, and credentials may cross the loopback in the clear.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            from: firstAddress(parsed.from),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html || '',
            messageId: parsed.messageId,
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          arrivals.forEach((arrived) => arrived());
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://piste:mail-secret@127.0.0.1:${port}`;

  const find = (to: string, match: (mail: ReceivedMail) => boolean) =>
    received.find((mail) => mail.to.includes(to.toLowerCase()) && match(mail));

  return {
    url,
    env: { SMTP_URL: url },
    received,
    waitForMail(to, match = () => true, timeoutMs = 20_000) {
      const found = find(to, match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const arrived = () => {
          const mail = find(to, match);
          if (!mail) return;
          clearTimeout(timer);
          arrivals.delete(arrived);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          arrivals.delete(arrived);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        arrivals.add(arrived);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One mailbox for the enclosing describe block: started before its tests (and before a later `useTestApp`). */
export function useMailbox(): Mailbox {
  const mailbox = { env: {} } as Mailbox;
  beforeAll(async () => {
    await forgetMailLeftByEarlierApps();
    const { env, ...started } = await startMailbox();
    Object.assign(mailbox.env, env);
    Object.assign(mailbox, started);
  });
  afterAll(async () => {
    await mailbox.close?.();
  });
  return mailbox;
}

/** The link in a mail's plain text whose path is `path`, e.g. `linkIn(mail, '/reset-password')`. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  for (const [candidate] of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(candidate);
    if (url.pathname === path) return url;
  }
  throw new Error(`no link to ${path} in the mail '${mail.subject}'`);
}

function firstAddress(header: AddressObject | undefined): string {
  return header?.value[0]?.address ?? '';
}

/**
 * Mail jobs that apps of earlier test files enqueued (each registration mails a verification link) and did not run
 * before they closed. They share this run's queue, so the next app with a mailbox would work through them first.
 */
async function forgetMailLeftByEarlierApps(): Promise<void> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const jobs = `${jobsSchemaFor(process.env.DATABASE_SCHEMA ?? 'public')}.job`;
    const { rows } = await client.query<{ table: string | null }>('SELECT to_regclass($1)::text AS "table"', [
      jobs,
    ]);
    if (rows[0]?.table) {
      await client.query(`DELETE FROM ${jobs} WHERE name = 'mail.send' AND state IN ('created', 'retry')`);
    }
  } finally {
    await client.end();
  }
}
