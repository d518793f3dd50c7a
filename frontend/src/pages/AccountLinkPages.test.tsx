import { FORGOT_PASSWORD_REPLY, INVALID_LINK_MESSAGE } from '@piste/contracts';
import i18next from 'i18next';
import * as accountApi from '../api/account';
import * as authApi from '../api/auth';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { useEmailVerificationStore } from '../stores/email-verification';
import { useSessionStore } from '../stores/session';
import { mountEach, settle, typeInto } from '../test-support/mounted';
import { routerAddress } from '../test-support/router-mock';
import { sessionUser } from '../test-support/session-user';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { VerifyEmailPage } from './VerifyEmailPage';

jest.mock('../lib/router', () => jest.requireActual('../test-support/router-mock').routerModule());
jest.mock('../api/account');
jest.mock('../api/auth');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(accountApi);
const auth = jest.mocked(authApi);
const toast = jest.mocked(notify);
const address = routerAddress();

const TOKEN = 'T'.repeat(43);

beforeEach(() => {
  jest.resetAllMocks();
  useSessionStore.setState({ user: null, status: 'ready' });
  useEmailVerificationStore.setState({ links: {}, resending: false });
});

/** What a screen reader finds: the headings, the live regions' text, the links and where they go. */
/** The card's title: its h2 under the product's name signed out, the page's h1 signed in. */
const heading = (host: HTMLElement) => (host.querySelector('h2') ?? host.querySelector('h1'))?.textContent;
const statusText = (host: HTMLElement) =>
  [...host.querySelectorAll('[role=status]')].map((region) => region.textContent).join(' ');
const linkTo = (host: HTMLElement, text: string) =>
  [...host.querySelectorAll('a')].find((a) => a.textContent === text)?.getAttribute('href');
const submit = (host: HTMLElement) => settle(() => host.querySelector('form')!.requestSubmit());

describe('ForgotPasswordPage', () => {
  const view = mountEach(() => <ForgotPasswordPage />);
  const host = () => view.host();

  it('asks for a username or email before sending anything', async () => {
    await submit(host());
    expect(host().querySelector('#forgot-login-error')?.textContent).toBe('Enter your username or email');
    expect(document.activeElement).toBe(host().querySelector('#forgot-login'));
    expect(api.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('sends the login and shows the reply in place of the form, with the way back to sign in', async () => {
    api.requestPasswordReset.mockResolvedValue({ message: FORGOT_PASSWORD_REPLY });
    typeInto(host().querySelector<HTMLInputElement>('#forgot-login')!, ' claire@example.com ');
    await submit(host());
    expect(api.requestPasswordReset).toHaveBeenCalledWith({ login: 'claire@example.com' });
    expect(statusText(host())).toContain(FORGOT_PASSWORD_REPLY);
    expect(heading(host())).toBe('Check your email');
    expect(host().querySelector('form')).toBeNull();
    expect(linkTo(host(), 'Back to sign in')).toBe('/');
  });

  it('shows a failure above the field', async () => {
    api.requestPasswordReset.mockRejectedValue(new ApiError('Too many requests, try again later', 429));
    typeInto(host().querySelector<HTMLInputElement>('#forgot-login')!, 'claire');
    await submit(host());
    expect(host().querySelector('[role=alert]')?.textContent).toBe('Too many requests, try again later');
    expect(toast.error).toHaveBeenCalledWith('Link not sent', 'Too many requests, try again later');
  });
});

describe('ResetPasswordPage', () => {
  beforeEach(() => address.visit(`/reset-password?token=${TOKEN}`));
  const view = mountEach(() => <ResetPasswordPage />);
  const host = () => view.host();
  const fill = (password: string, confirmation: string) => {
    typeInto(host().querySelector<HTMLInputElement>('#reset-password')!, password);
    typeInto(host().querySelector<HTMLInputElement>('#reset-confirm-password')!, confirmation);
  };

  it('checks the new password twice with the contract, then sets it and goes to sign in', async () => {
    fill('secret1', 'secret2');
    await submit(host());
    expect(host().querySelector('#reset-confirm-password-error')?.textContent).toBe("Passwords don't match");
    expect(api.resetPassword).not.toHaveBeenCalled();

    api.resetPassword.mockResolvedValue({
      message: 'Your password has been reset. Sign in with the new one.',
    });
    auth.fetchSessionUser.mockResolvedValue(null);
    fill('secret1', 'secret1');
    await submit(host());
    expect(api.resetPassword).toHaveBeenCalledWith({ token: TOKEN, password: 'secret1' });
    expect(toast.success).toHaveBeenCalledWith(
      'Password reset',
      'Your password has been reset. Sign in with the new one.',
    );
    expect(address.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('explains a used or expired link and offers a new one', async () => {
    api.resetPassword.mockRejectedValue(new ApiError(INVALID_LINK_MESSAGE, 400));
    fill('secret1', 'secret1');
    await submit(host());
    expect(heading(host())).toBe('This link cannot be used');
    expect(statusText(host())).toContain(INVALID_LINK_MESSAGE);
    expect(linkTo(host(), 'Ask for a new link')).toBe('/forgot-password');
    expect(address.navigate).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('knows the link rule in French, as a French reply says it', async () => {
    await settle(() => void i18next.changeLanguage('fr'));
    try {
      const refusal = 'Ce lien n’est pas valide ou a expiré.';
      api.resetPassword.mockRejectedValue(new ApiError(refusal, 400, 'validation.invalid'));
      fill('secret1', 'secret1');
      await submit(host());
      expect(heading(host())).toBe('Ce lien ne peut pas être utilisé');
      expect(toast.error).not.toHaveBeenCalled();
    } finally {
      await settle(() => void i18next.changeLanguage('en'));
    }
  });

  it('refuses a link without a token at once', () => {
    address.visit('/reset-password');
    expect(heading(host())).toBe('This link cannot be used');
  });
});

describe('VerifyEmailPage, signed out', () => {
  // Each test follows its own link.
  beforeEach(() => address.visit('/verify-email'));
  const view = mountEach(() => <VerifyEmailPage />);
  const host = () => view.host();

  it('confirms the address once on arrival and offers to sign in', async () => {
    api.verifyEmail.mockResolvedValue({ message: 'Your email address is verified.' });
    await settle(() => address.visit(`/verify-email?token=${TOKEN}`));
    expect(api.verifyEmail).toHaveBeenCalledTimes(1);
    expect(api.verifyEmail).toHaveBeenCalledWith(TOKEN);
    expect(heading(host())).toBe('Email address confirmed');
    expect(statusText(host())).toContain('Your email address is verified.');
    expect(linkTo(host(), 'Continue to sign in')).toBe('/');
    // Signed out, nobody's session is asked about.
    expect(auth.fetchSessionUser).toHaveBeenCalledTimes(0);
  });

  it('makes the new address the account’s with a change link', async () => {
    api.confirmEmailChange.mockResolvedValue({ message: 'Your email address has been changed.' });
    await settle(() => address.visit(`/verify-email?token=${TOKEN}&change=1`));
    expect(api.confirmEmailChange).toHaveBeenCalledWith(TOKEN);
    expect(api.verifyEmail).not.toHaveBeenCalled();
    expect(heading(host())).toBe('Email address changed');
  });

  it('shows why a link did not work', async () => {
    api.verifyEmail.mockRejectedValue(new ApiError(INVALID_LINK_MESSAGE, 400));
    await settle(() => address.visit(`/verify-email?token=${TOKEN}`));
    expect(heading(host())).toBe('This link did not work');
    expect(statusText(host())).toContain(INVALID_LINK_MESSAGE);
    expect(host().textContent).toContain('Sign in to ask for a new link.');
  });

  it('says a link without a token did not work, without asking', async () => {
    await settle(() => address.visit('/verify-email'));
    expect(heading(host())).toBe('This link did not work');
    expect(api.verifyEmail).not.toHaveBeenCalled();
  });
});

describe('VerifyEmailPage, signed in', () => {
  beforeEach(() => address.visit('/verify-email'));
  const view = mountEach(() => <VerifyEmailPage signedIn />);
  const host = () => view.host();
  const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire', emailVerified: false });

  it('is the page’s h1, and the signed-in user is verified once it worked', async () => {
    useSessionStore.setState({ user: claire });
    api.verifyEmail.mockResolvedValue({ message: 'Your email address is verified.' });
    auth.fetchSessionUser.mockResolvedValue({ ...claire, emailVerified: true });
    await settle(() => address.visit(`/verify-email?token=${TOKEN}`));
    expect(host().querySelector('h1')?.textContent).toBe('Email address confirmed');
    expect(useSessionStore.getState().user?.emailVerified).toBe(true);
    expect(linkTo(host(), 'Continue')).toBe('/');
  });
});
