import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { RenderedMail } from './mail-message';

/** A mail server that does not answer within these is taken as away, and the mail's job retries later. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Where mails go: to the SMTP server of SMTP_URL, or, without one (the embedded default), into an `.eml` file each
 * under DATA_DIR/outbox, with one log line naming its recipient, subject and link, so a link can be followed
 * from the log.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly smtp: Transporter | undefined;
  /** Composes the raw message in memory, for the outbox. */
  private readonly composer: Transporter | undefined;
  /** The outbox folder, when mails are written there. */
  readonly outbox: string | undefined;
  private readonly messageIdHost: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { smtpUrl } = config.mail;
    if (smtpUrl) {
      this.smtp = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    } else {
      this.composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outbox = resolve(config.dataDir, 'outbox');
    }
    this.messageIdHost = new URL(config.publicUrl).hostname;
  }

  /**
   * Sends one mail. `key` names it for good (its job's id): it becomes the Message-ID and the outbox file name, so
   * a retry of a mail that did go out can be recognised as the same mail.
   */
  async send(mail: RenderedMail, key: string): Promise<void> {
    const message: SendMailOptions = {
      from: this.config.mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${key}@${this.messageIdHost}>`,
    };
    if (this.smtp) {
      await this.smtp.sendMail(message);
      this.logger.log(`Mail to ${mail.to} sent: "${mail.subject}"`);
      return;
    }
    const file = await this.writeToOutbox(message, key);
    const link = mail.link ? `, link ${mail.link}` : '';
    this.logger.log(`Mail to ${mail.to}: "${mail.subject}"${link} (written to ${file})`);
  }

  onApplicationShutdown(): void {
    this.smtp?.close();
  }

  /** Writes the raw message, whole or not at all: a reader of the outbox never sees half a file. */
  private async writeToOutbox(message: SendMailOptions, key: string): Promise<string> {
    const outbox = this.outbox!;
    const { message: raw } = (await this.composer!.sendMail(message)) as { message: Buffer };
    await mkdir(outbox, { recursive: true });
    const file = join(outbox, `${key}.eml`);
    await writeFile(`${file}.part`, raw);
    await rename(`${file}.part`, file);
    return file;
  }
}
