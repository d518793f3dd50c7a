import { Module } from '@nestjs/common';
import { MailService } from './mail.service';
import { MailTransport } from './mail-transport';

/** Mail, sent as background jobs: over SMTP (SMTP_URL), or into DATA_DIR/outbox without it. */
@Module({
  providers: [MailService, MailTransport],
  exports: [MailService],
})
export class MailModule {}
