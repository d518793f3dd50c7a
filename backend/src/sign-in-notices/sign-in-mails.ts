import type { MailMessage } from '../mail/mail-message';

/** Where and when a sign-in happened, as the mail tells it. */
export interface SignInPlace {
  at: Date;
  /** `Chrome 131 on Android 15`, or null when the browser said nothing. */
  browser: string | null;
  /** The masked address: `203.0.113.x`. */
  network: string | null;
}

export function newSignInMail(
  to: { email: string; username: string },
  place: SignInPlace,
  securityUrl: string,
): MailMessage {
  const when = place.at.toISOString().replace('T', ' ').slice(0, 16);
  return {
    to: to.email,
    subject: 'New sign-in to your Piste account',
    paragraphs: [
      `Your Piste account ${to.username} was signed in to from a browser and network it has not used lately.`,
      `When: ${when} UTC`,
      `Browser: ${place.browser ?? 'unknown'}`,
      `Network: ${place.network ?? 'unknown'}`,
      'If it was you, there is nothing to do. If not, change your password at once, sign that browser out and turn on two-factor sign-in.',
    ],
    action: { label: 'Check your security settings', url: securityUrl },
    reason: `You get this email because it is the address of the Piste account ${to.username}. We tell you of sign-ins from browsers and networks not seen on it in 90 days.`,
  };
}
