import type { MailMessage } from '../mail/mail-message';

/** Who gets a mail and where its link leads: the parts each account mail is built from. */
interface To {
  email: string;
  username: string;
}

const signature = (to: To) =>
  `You get this email because it is the address of the Piste account ${to.username}.`;

export function passwordResetMail(to: To, url: string): MailMessage {
  return {
    to: to.email,
    subject: 'Reset your Piste password',
    paragraphs: [
      `Someone asked to reset the password of your Piste account ${to.username}.`,
      'The link below works once, for one hour. If it was not you, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url },
    reason: `${signature(to)} A password reset was asked for it.`,
  };
}

export function passwordChangedMail(to: To, how: 'reset' | 'changed', securityUrl: string): MailMessage {
  return {
    to: to.email,
    subject: 'Your Piste password was changed',
    paragraphs: [
      how === 'reset'
        ? `The password of your Piste account ${to.username} was reset with a link from this mailbox, and every browser signed in to it was signed out.`
        : `The password of your Piste account ${to.username} was changed, and every other browser signed in to it was signed out.`,
      'If it was not you, reset your password at once from the sign-in page and check where you are signed in.',
    ],
    action: { label: 'Check your security settings', url: securityUrl },
    reason: `${signature(to)} We tell you of every password change.`,
  };
}

export function verifyEmailMail(to: To, url: string): MailMessage {
  return {
    to: to.email,
    subject: 'Confirm your email address for Piste',
    paragraphs: [
      `Welcome to Piste, ${to.username}. Confirm that this address is yours, so that you can get back into your account if you forget your password.`,
      'The link works for seven days.',
    ],
    action: { label: 'Confirm my address', url },
    reason: `You get this email because this address was given for the Piste account ${to.username}. If it was not you, ignore it.`,
  };
}

export function confirmNewEmailMail(to: To, newEmail: string, url: string): MailMessage {
  return {
    to: newEmail,
    subject: 'Confirm your new email address for Piste',
    paragraphs: [
      `The Piste account ${to.username} asked to use this address from now on.`,
      'Follow the link to make the change. It works for 24 hours; until then the account keeps its current address.',
    ],
    action: { label: 'Use this address', url },
    reason: `You get this email because this address was given as the new address of the Piste account ${to.username}. If it was not you, ignore it.`,
  };
}

export function emailChangeNoticeMail(to: To, newEmail: string, securityUrl: string): MailMessage {
  return {
    to: to.email,
    subject: 'Your Piste email address is changing',
    paragraphs: [
      `Your Piste account ${to.username} asked to use ${newEmail} instead of this address. The change happens when the link sent there is followed.`,
      'If it was not you, change your password now: whoever asked knows it.',
    ],
    action: { label: 'Check your security settings', url: securityUrl },
    reason: `${signature(to)} We tell you of every change of address.`,
  };
}

/** To the address a profile edit replaced. */
export function emailChangedMail(to: To, previousEmail: string, securityUrl: string): MailMessage {
  return {
    to: previousEmail,
    subject: 'Your Piste email address was changed',
    paragraphs: [
      `The profile of your Piste account ${to.username} now gives ${to.email} instead of this address.`,
      'If it was not you, reset your password from the sign-in page and check where you are signed in.',
    ],
    action: { label: 'Check your security settings', url: securityUrl },
    reason: `You get this email because it was the address of the Piste account ${to.username}. We tell you of every change of address.`,
  };
}
