import { EXPORT_LIFETIME_DAYS } from '@piste/contracts';
import type { MailMessage } from '../mail/mail-message';

interface To {
  email: string;
  username: string;
}

export function exportReadyMail(to: To, url: string): MailMessage {
  return {
    to: to.email,
    subject: 'Your Piste data is ready to download',
    paragraphs: [
      `The archive of your Piste account ${to.username} is ready: your profile, posts, comments, reactions, connections, messages, notifications and the files you uploaded.`,
      `Download it from your settings, signed in, within ${EXPORT_LIFETIME_DAYS} days; after that it is deleted.`,
    ],
    action: { label: 'Download my data', url },
    reason: `You get this email because the Piste account ${to.username} asked for an export of its data.`,
  };
}

export function accountDeletedMail(to: To): MailMessage {
  return {
    to: to.email,
    subject: 'Your Piste account has been deleted',
    paragraphs: [
      `Your Piste account ${to.username} has been deleted, as you asked: your profile, posts, comments, reactions, connections, messages and uploads are gone.`,
      'Thank you for fencing with us. You are welcome back any time with a new account.',
    ],
    reason: `You get this email because it was the address of the Piste account ${to.username}; we will not write to it again.`,
  };
}
