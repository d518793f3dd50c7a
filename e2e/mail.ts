/**
 * The mails the app sends, as the journeys read them: without SMTP_URL the app writes each one as an .eml file
 * into DATA_DIR/outbox (see `Journey.outbox()`), whole or not at all.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

export interface OutboxMail {
  /** The file's name in the outbox. */
  file: string;
  to: string[];
  subject: string;
  /** The plain-text part. */
  text: string;
}

export interface MailQuery {
  /** Only a mail whose subject matches. */
  subject?: RegExp;
  /** Only a mail other than these (e.g. the one before a new link was asked for). */
  not?: OutboxMail[];
  timeoutMs?: number;
}

function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  const headers = Array.isArray(header) ? header : header ? [header] : [];
  return headers.flatMap((h) => h.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** The outbox's mails, newest first (by when they were written). */
async function mailsIn(outbox: string): Promise<{ file: string; written: number }[]> {
  let names: string[];
  try {
    names = await readdir(outbox);
  } catch {
    return []; // no mail yet: the folder comes with the first one
  }
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (file) => ({ file, written: (await stat(join(outbox, file))).mtimeMs })),
  );
  return files.sort((a, b) => b.written - a.written);
}

const parsed = new Map<string, OutboxMail>();

async function read(outbox: string, file: string): Promise<OutboxMail> {
  const path = join(outbox, file);
  let mail = parsed.get(path);
  if (!mail) {
    const message = await simpleParser(await readFile(path));
    mail = { file, to: addresses(message.to), subject: message.subject ?? '', text: message.text ?? '' };
    parsed.set(path, mail);
  }
  return mail;
}

/** Waits (20 s unless told) for the newest mail to `to` in `outbox` that matches `query`, and reads it. */
export async function waitForMail(
  outbox: string,
  to: string,
  { subject, not = [], timeoutMs = 20_000 }: MailQuery = {},
): Promise<OutboxMail> {
  const recipient = to.toLowerCase();
  const skipped = new Set(not.map((mail) => mail.file));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const { file } of await mailsIn(outbox)) {
      if (skipped.has(file)) continue;
      const mail = await read(outbox, file);
      if (mail.to.includes(recipient) && (!subject || subject.test(mail.subject))) return mail;
    }
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${to}${subject ? ` about ${String(subject)}` : ''} in ${outbox}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The link in a mail's text whose path is `path`, as a path and query (e.g. `/reset-password?token=…`) for a tab
 * to open on the app it runs against: the mail's own host is PUBLIC_URL's, which the tabs' cookies do not name.
 */
export function linkIn(mail: OutboxMail, path: string): string {
  for (const [candidate] of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(candidate);
    if (url.pathname === path) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no link to ${path} in the mail '${mail.subject}':\n${mail.text}`);
}
