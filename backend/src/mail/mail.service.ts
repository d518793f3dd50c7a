import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { defineJob } from '../jobs/job-kind';
import { JobsService } from '../jobs/jobs.service';
import { mailMessageSchema, renderMail, type MailMessage } from './mail-message';
import { MailTransport } from './mail-transport';

/** Sending one mail. A mail server that is away gets retried for about a quarter of an hour. */
export const SEND_MAIL = defineJob<MailMessage>('mail.send', {
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
  pollSeconds: 1,
});

/**
 * Mail to the people who use Piste. A domain service enqueues a mail in the transaction of its cause (the token it
 * mails is stored in the same one), so a mail goes out exactly when its cause commits; a job sends it.
 */
@Injectable()
export class MailService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly transport: MailTransport,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(SEND_MAIL, (message, run) => this.transport.send(renderMail(message), run.id));
  }

  /**
   * Enqueues `message` through `manager`, the caller's transaction: it is sent once that commits, never if it
   * rolls back. A message that cannot be rendered (say, a bad address) fails here, not later in its job.
   */
  async enqueue(manager: EntityManager, message: MailMessage): Promise<void> {
    await this.jobs.enqueue(manager, SEND_MAIL, mailMessageSchema.parse(message));
  }

  /** A link into the app for a mail: `link('/reset-password', {token})` → `{PUBLIC_URL}/reset-password?token=…`. */
  link(path: `/${string}`, query: Record<string, string> = {}): string {
    const search = new URLSearchParams(query).toString();
    return `${this.config.publicUrl}${path}${search ? `?${search}` : ''}`;
  }
}
