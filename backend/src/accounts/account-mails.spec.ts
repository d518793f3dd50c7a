import { renderMail } from '../mail/mail-message';
import { passwordResetMail, verifyEmailMail } from './account-mails';

describe('account mails', () => {
  const url = 'https://piste.example/reset-password?token=abc';

  it('are in the recipient’s chosen language, else their browser’s, else English', () => {
    const fr = renderMail(
      passwordResetMail({ email: 'margaux@example.com', username: 'margaux', language: 'fr' }, url),
    );
    expect(fr.subject).toBe('Réinitialisez votre mot de passe Piste');
    expect(fr.text).toContain(
      'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Piste margaux.',
    );
    expect(fr.html).toContain('<html lang="fr">');

    const browser = passwordResetMail(
      { email: 'a@example.com', username: 'a', language: null, browserLanguage: 'fr' },
      url,
    );
    expect(browser.subject).toBe('Réinitialisez votre mot de passe Piste');
    const chosen = passwordResetMail(
      { email: 'a@example.com', username: 'a', language: 'en', browserLanguage: 'fr' },
      url,
    );
    expect(chosen.subject).toBe('Reset your Piste password');
  });

  it('keep the English texts as they were', () => {
    const mail = renderMail(verifyEmailMail({ email: 'ada@example.com', username: 'ada' }, url));
    expect(mail.subject).toBe('Confirm your email address for Piste');
    expect(mail.text).toBe(
      [
        'Welcome to Piste, ada. Confirm that this address is yours, so that you can get back into your account if you forget your password.',
        'The link works for seven days.',
        `Confirm my address:\n${url}`,
        '-- \nYou get this email because this address was given for the Piste account ada. If it was not you, ignore it.',
      ].join('\n\n'),
    );
    expect(renderMail(passwordResetMail({ email: 'ada@example.com', username: 'ada' }, url)).text).toContain(
      'You get this email because it is the address of the Piste account ada. A password reset was asked for it.',
    );
  });
});
