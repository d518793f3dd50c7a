import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { simpleParser } from 'mailparser';
import { DataSource } from 'typeorm';
import { jobsSchemaFor } from '../src/jobs/pg-boss';
import type { MailMessage } from '../src/mail/mail-message';
import { MailService } from '../src/mail/mail.service';
import { startTestApp, uniqueName, useTestApp, waitFor, type TestApp } from './helpers';
import { linkIn, useMailbox } from './mailbox';

jest.setTimeout(90_000);

/** A mail such as a password reset, with a link into the app and text that HTML must not interpret. */
function resetMail(
  t: TestApp,
  to: string,
  subject = `Reset your password ${uniqueName('mail')}`,
): MailMessage {
  const mail = t.app.get(MailService);
  return {
    to,
    subject,
    paragraphs: [
      'Someone asked to reset the password of the Piste account <b>@claire_dubois</b> & co.',
      'The link works for one hour.',
    ],
    action: {
      label: 'Reset your password',
      url: mail.link('/reset-password', { token: uniqueName('token') }),
    },
    reason: 'You get this email because a password reset was asked for with this address on Piste.',
  };
}

/** Enqueues a mail in a transaction that commits. */
function sendCommitted(t: TestApp, message: MailMessage): Promise<void> {
  return t.app.get(DataSource).transaction((manager) => t.app.get(MailService).enqueue(manager, message));
}

const address = () => `${uniqueName('fencer')}@example.com`;

describe('mail over SMTP', () => {
  const mailbox = useMailbox();
  const t = useTestApp(mailbox.env);

  it('sends a mail once its transaction commits: a plain-text and an HTML part, each ending with why it was sent', async () => {
    const to = address();
    const message = resetMail(t, to);
    await sendCommitted(t, message);

    const mail = await mailbox.waitForMail(to);
    expect(mail).toMatchObject({ subject: message.subject, from: 'no-reply@localhost', user: 'piste' });
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(linkIn(mail, '/reset-password').href).toBe(message.action!.url);
    expect(mail.text).toContain('Piste account <b>@claire_dubois</b> & co.');
    expect(mail.text.trimEnd().split('\n').pop()).toBe(message.reason);
    expect(mail.html).toContain('Piste account &lt;b&gt;@claire_dubois&lt;/b&gt; &amp; co.');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(`href="${message.action!.url}"`);
    const htmlText = mail.html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    expect(htmlText.endsWith(message.reason)).toBe(true);
  });

  it('sends nothing when the transaction rolls back', async () => {
    const to = address();
    const rolledBack = resetMail(t, to, `Rolled back ${uniqueName('mail')}`);
    await expect(
      t.app.get(DataSource).transaction(async (manager) => {
        await t.app.get(MailService).enqueue(manager, rolledBack);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    const after = resetMail(t, to);
    await sendCommitted(t, after);

    await mailbox.waitForMail(to, (mail) => mail.subject === after.subject);
    await waitFor(1_500);
    expect(mailbox.received.filter((mail) => mail.to.includes(to)).map((mail) => mail.subject)).toEqual([
      after.subject,
    ]);
    const schema = jobsSchemaFor(t.config.databaseSchema);
    const jobs: unknown[] = await t.app
      .get(DataSource)
      .query(`SELECT id FROM "${schema}".job WHERE data->>'subject' = $1`, [rolledBack.subject]);
    expect(jobs).toEqual([]);
  });

  it('refuses a mail it could not render before anything is stored', async () => {
    await expect(sendCommitted(t, { ...resetMail(t, address()), to: 'not an address' })).rejects.toThrow();
    await expect(sendCommitted(t, { ...resetMail(t, address()), subject: 'Two\nlines' })).rejects.toThrow(
      /one line/,
    );
  });
});

describe('mail without SMTP_URL', () => {
  const t = useTestApp({ SMTP_URL: '' }, { ownDataDir: true });

  it('writes each mail to DATA_DIR/outbox and logs its recipient, subject and link', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log');
    try {
      const to = address();
      const message = resetMail(t, to);
      await sendCommitted(t, message);

      const outbox = join(t.config.dataDir, 'outbox');
      let files: string[] = [];
      const deadline = Date.now() + 20_000;
      while (!files.length && Date.now() < deadline) {
        files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
        if (!files.length) await waitFor(200);
      }
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(await readFile(join(outbox, files[0])));
      expect(parsed.subject).toBe(message.subject);
      expect(parsed.text).toContain(message.action!.url);
      expect(parsed.html).toContain('&lt;b&gt;@claire_dubois&lt;/b&gt;');

      const lines = logged.mock.calls.map(([line]) => String(line));
      const line = lines.find((text) => text.includes(to));
      expect(line).toBeDefined();
      expect(line).toContain(message.subject);
      expect(line).toContain(message.action!.url);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('mail across a restart', () => {
  const mailbox = useMailbox();

  it('sends a mail enqueued before the replica stopped exactly once, from the replica that runs jobs next', async () => {
    // A replica that only enqueues (JOBS_WORKER=false) stops before anything sends the mail.
    const before = await startTestApp({ ...mailbox.env, JOBS_WORKER: 'false' });
    const to = address();
    const message = resetMail(before, to);
    try {
      await sendCommitted(before, message);
      await waitFor(1_500);
      expect(mailbox.received.filter((mail) => mail.to.includes(to))).toEqual([]);
    } finally {
      await before.close();
    }

    const after = await startTestApp(mailbox.env);
    try {
      const mail = await mailbox.waitForMail(to);
      expect(mail.subject).toBe(message.subject);
      expect(linkIn(mail, '/reset-password').href).toBe(message.action!.url);
      await waitFor(2_000);
      expect(mailbox.received.filter((received) => received.to.includes(to))).toHaveLength(1);
    } finally {
      await after.close();
    }
  });
});
