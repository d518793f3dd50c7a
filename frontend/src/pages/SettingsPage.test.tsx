import {
  ACCOUNT_DELETED_REPLY,
  EXPORT_TOO_SOON,
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD_CODE,
  type Account,
  type AccountExport,
  type AccountSession,
} from '@piste/contracts';
import i18next from 'i18next';
import { act } from 'react';
import * as accountApi from '../api/account';
import { ApiError } from '../api/client';
import { EXPORT_POLL_MS } from '../components/settings/PrivacyPanel';
import { notify } from '../lib/toast';
import { useAccountDeletionStore } from '../stores/account-deletion';
import { useAccountExportStore } from '../stores/account-export';
import { useAccountSessionsStore } from '../stores/account-sessions';
import { useAccountStore } from '../stores/account';
import { useLanguageStore } from '../stores/language';
import { useEmailVerificationStore } from '../stores/email-verification';
import { useSessionStore } from '../stores/session';
import { mountEach, settle, typeInto } from '../test-support/mounted';
import { routerAddress } from '../test-support/router-mock';
import { sessionUser } from '../test-support/session-user';
import { SettingsPage } from './SettingsPage';

jest.mock('../lib/router', () => jest.requireActual('../test-support/router-mock').routerModule());
jest.mock('../api/account');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(accountApi);
const toast = jest.mocked(notify);
const address = routerAddress();

// jsdom has no modal dialogs; signing a browser out and deleting the account ask in one.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.open = false;
};

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire' });
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
/** A reply that arrives on the next turn, as over the network: the test's next settle takes it in. */
const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

const account: Account = {
  username: 'claire',
  email: 'claire@example.com',
  emailVerified: false,
  pendingEmail: null,
  createdAt: '2026-01-10T10:00:00.000Z',
};
const thisBrowser: AccountSession = {
  id: 'a'.repeat(22),
  current: true,
  createdAt: ago(2 * 24 * HOUR),
  lastActiveAt: ago(0),
  browser: 'Chrome 131',
  os: 'Linux',
  ip: '203.0.113.x',
};
const phone: AccountSession = {
  ...thisBrowser,
  id: 'b'.repeat(22),
  current: false,
  createdAt: ago(5 * HOUR),
  lastActiveAt: ago(3 * HOUR),
  browser: 'Safari 18',
  os: 'iOS 18',
  ip: '198.51.100.x',
};

beforeEach(() => {
  jest.resetAllMocks();
  useAccountStore.getState().reset();
  useAccountSessionsStore.getState().reset();
  useEmailVerificationStore.setState({ links: {}, resending: false });
  useAccountExportStore.getState().reset();
  useAccountDeletionStore.setState({ deleting: false });
  useSessionStore.setState({ user: claire, status: 'ready' });
  api.fetchAccount.mockImplementation(() => later(account));
  api.fetchSessions.mockImplementation(() => later([phone, thisBrowser]));
  api.fetchLatestExport.mockImplementation(() => later(null));
  address.visit('/settings');
});
const view = mountEach(() => <SettingsPage user={claire} />);
const host = () => view.host();
/** Lets what the page started settle, inside act. */
const loaded = () => settle(() => undefined);
beforeEach(loaded);

const text = () => host().textContent ?? '';
const tab = (name: string) =>
  [...host().querySelectorAll<HTMLButtonElement>('[role=tab]')].find((t) => t.textContent === name)!;
const button = (name: string, within: ParentNode = host()) =>
  [...within.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  )!;
const input = (id: string) => host().querySelector<HTMLInputElement>(`#${id}`)!;
const errorOf = (id: string) => host().querySelector(`#${id}-error`)?.textContent ?? null;
const submitForm = (label: string) =>
  settle(() => host().querySelector<HTMLFormElement>(`form[aria-label="${label}"]`)!.requestSubmit());

describe('SettingsPage: Account', () => {
  it('opens on Account and shows the username and the address, not yet verified, with a new link on request', async () => {
    await loaded();
    expect(tab('Account').getAttribute('aria-selected')).toBe('true');
    expect(text()).toContain('@claire');
    expect(text()).toContain('claire@example.com');
    expect(text()).toContain('Not verified');
    api.resendVerification.mockResolvedValue({ message: 'We have sent you a new link.' });
    await settle(() => button('Resend link').click());
    expect(toast.success).toHaveBeenCalledWith('Link sent', 'We have sent you a new link.');
    expect(api.fetchSessions).not.toHaveBeenCalled();
  });

  it('shows an address waiting for its link, and a verified one as such', async () => {
    api.fetchAccount.mockResolvedValue({ ...account, emailVerified: true, pendingEmail: 'new@example.com' });
    await settle(() => void useAccountStore.getState().load());
    expect(text()).toContain('Verified');
    expect(text()).not.toContain('Not verified');
    expect(text()).toContain('Waiting for confirmation: new@example.com');
  });

  it('asks for a new address with the password, says where the link went, and marks a wrong password', async () => {
    await loaded();
    await submitForm('Change email');
    expect(errorOf('change-email-email')).toBe('Email required');
    expect(errorOf('change-email-password')).toBe('Enter your password');
    expect(api.changeEmail).not.toHaveBeenCalled();

    typeInto(input('change-email-email'), 'new@example.com');
    typeInto(input('change-email-password'), 'wrong');
    api.changeEmail.mockRejectedValueOnce(
      new ApiError('Current password is incorrect', 400, WRONG_PASSWORD_CODE),
    );
    await submitForm('Change email');
    expect(errorOf('change-email-password')).toBe('Current password is incorrect');
    expect(document.activeElement).toBe(input('change-email-password'));

    typeInto(input('change-email-password'), 'secret1');
    api.changeEmail.mockResolvedValueOnce({
      message: 'We have sent a link to new@example.com. Follow it to make the change.',
    });
    api.fetchAccount.mockResolvedValue({ ...account, pendingEmail: 'new@example.com' });
    await submitForm('Change email');
    expect(api.changeEmail).toHaveBeenLastCalledWith({ email: 'new@example.com', password: 'secret1' });
    const status = host().querySelector('form[aria-label="Change email"] [role=status]');
    expect(status?.textContent).toBe('We have sent a link to new@example.com. Follow it to make the change.');
    expect(input('change-email-password').value).toBe('');
    expect(text()).toContain('Waiting for confirmation: new@example.com');
  });
});

describe('SettingsPage: Security', () => {
  const sessionRows = () => [...host().querySelectorAll('[data-testid=account-session]')];

  it('follows the tab in the address, and lists this browser first', async () => {
    await settle(() => tab('Security').click());
    expect(address.current()).toBe('/settings?tab=security');
    expect(tab('Security').getAttribute('aria-selected')).toBe('true');
    const rows = sessionRows().map((row) => row.textContent);
    expect(rows[0]).toContain('Chrome 131 on Linux');
    expect(rows[0]).toContain('This browser');
    expect(rows[0]).toContain('Signed in 2 days ago · Last active just now');
    expect(rows[1]).toContain('Safari 18 on iOS 18');
    expect(rows[1]).toContain('198.51.100.x');
    expect(rows[1]).toContain('Signed in 5 hours ago · Last active 3 hours ago');
    expect(rows[1]).not.toContain('This browser');
    // This browser has no Sign out of its own.
    expect(sessionRows()[0].querySelector('button')).toBeNull();
  });

  it('signs another browser out after asking', async () => {
    await settle(() => address.visit('/settings?tab=security'));
    await loaded();
    await settle(() => button('Sign out Safari 18 on iOS 18').click());
    const dialog = document.querySelector('dialog[open]')!;
    expect(dialog.textContent).toContain('Sign out Safari 18 on iOS 18?');
    // Cancel asks nothing of the server.
    await settle(() => button('Cancel', dialog).click());
    expect(api.endSession).not.toHaveBeenCalled();

    api.endSession.mockResolvedValue({ message: 'That browser was signed out.' });
    await settle(() => button('Sign out Safari 18 on iOS 18').click());
    await settle(() => button('Sign out', document.querySelector('dialog[open]')!).click());
    expect(api.endSession).toHaveBeenCalledWith(phone.id);
    expect(toast.success).toHaveBeenCalledWith('Signed out', 'That browser was signed out.');
    expect(sessionRows()).toHaveLength(1);
    expect(text()).toContain('This is the only browser signed in to your account.');
  });

  it('signs out every other browser after asking', async () => {
    await settle(() => address.visit('/settings?tab=security'));
    await loaded();
    api.endOtherSessions.mockResolvedValue({ message: 'Every other browser was signed out.' });
    await settle(() => button('Sign out all other browsers').click());
    await settle(() => button('Sign out all', document.querySelector('dialog[open]')!).click());
    expect(api.endOtherSessions).toHaveBeenCalledTimes(1);
    expect(sessionRows()).toHaveLength(1);
  });

  it('changes the password with the contract’s checks, and marks a wrong current password', async () => {
    await settle(() => address.visit('/settings?tab=security'));
    await loaded();
    typeInto(input('change-password-current-password'), 'secret1');
    typeInto(input('change-password-new-password'), 'secret2');
    typeInto(input('change-password-confirm-password'), 'secret3');
    await submitForm('Change password');
    expect(errorOf('change-password-confirm-password')).toBe("Passwords don't match");
    expect(api.changePassword).not.toHaveBeenCalled();

    typeInto(input('change-password-confirm-password'), 'secret2');
    api.changePassword.mockRejectedValueOnce(
      new ApiError('Current password is incorrect', 400, WRONG_PASSWORD_CODE),
    );
    await submitForm('Change password');
    expect(errorOf('change-password-current-password')).toBe('Current password is incorrect');

    api.changePassword.mockResolvedValueOnce({
      message: 'Password changed. Other browsers were signed out.',
    });
    api.fetchSessions.mockResolvedValue([thisBrowser]);
    await submitForm('Change password');
    expect(api.changePassword).toHaveBeenLastCalledWith({
      currentPassword: 'secret1',
      newPassword: 'secret2',
    });
    expect(toast.success).toHaveBeenCalledWith(
      'Password changed',
      'Password changed. Other browsers were signed out.',
    );
    expect(input('change-password-new-password').value).toBe('');
    await loaded();
    expect(sessionRows()).toHaveLength(1);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    api.fetchSessions.mockRejectedValueOnce(new ApiError('Service Unavailable', 503));
    await settle(() => address.visit('/settings?tab=security'));
    await loaded();
    expect(text()).toContain('The list of browsers could not be loaded.');
    await settle(() => button('Try again').click());
    await loaded();
    expect(sessionRows()).toHaveLength(2);
  });
});

describe('SettingsPage: Privacy and data', () => {
  const pendingExport: AccountExport = {
    id: 'e1',
    status: 'pending',
    createdAt: ago(0),
    readyAt: null,
    expiresAt: null,
    size: null,
    url: null,
    nextAllowedAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  };
  const readyExport: AccountExport = {
    ...pendingExport,
    status: 'ready',
    readyAt: ago(0),
    expiresAt: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
    size: 48_230,
    url: '/api/account/export/e1/download',
  };
  const exportState = () => host().querySelector('[data-testid=export-state]')?.textContent ?? '';
  const downloadLink = () => host().querySelector<HTMLAnchorElement>('a[download]');
  const openPrivacy = async () => {
    await settle(() => address.visit('/settings?tab=privacy'));
    await loaded();
  };

  afterEach(() => jest.useRealTimers());

  it('follows the tab in the address, says what an export holds, and that none was asked for yet', async () => {
    await settle(() => tab('Privacy and data').click());
    expect(address.current()).toBe('/settings?tab=privacy');
    expect(tab('Privacy and data').getAttribute('aria-selected')).toBe('true');
    await loaded();
    expect(text()).toContain('posts, comments, reactions');
    expect(text()).toContain('ZIP archive');
    expect(text()).toContain('works for 7 days');
    expect(exportState()).toContain('No export yet');
    expect(button('Request export').disabled).toBe(false);
    expect(downloadLink()).toBeNull();
  });

  it('asks for an export, waits while it is prepared (asking every 3 s), then offers the download', async () => {
    await openPrivacy();
    jest.useFakeTimers({ doNotFake: ['setTimeout', 'nextTick', 'setImmediate', 'queueMicrotask'] });
    api.requestExport.mockResolvedValue(pendingExport);
    await settle(() => button('Request export').click());
    expect(api.requestExport).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Export requested', expect.any(String));
    expect(exportState()).toContain('Your archive is being prepared');
    // One a day: the button says when the next one can be asked for.
    expect(button('Request export').disabled).toBe(true);
    const reason = host().querySelector(`#${button('Request export').getAttribute('aria-describedby')}`);
    expect(reason?.textContent).toContain('You can request your next export from');

    api.fetchLatestExport.mockClear().mockResolvedValue(pendingExport);
    await settle(() => jest.advanceTimersByTime(EXPORT_POLL_MS - 1));
    expect(api.fetchLatestExport).not.toHaveBeenCalled();
    await settle(() => jest.advanceTimersByTime(1));
    expect(api.fetchLatestExport).toHaveBeenCalledTimes(1);

    api.fetchLatestExport.mockResolvedValue(readyExport);
    await settle(() => jest.advanceTimersByTime(EXPORT_POLL_MS));
    expect(exportState()).toContain('Your archive is ready');
    expect(exportState()).toContain('47 KB');
    expect(exportState()).toContain('Expires');
    expect(downloadLink()?.getAttribute('href')).toBe('/api/account/export/e1/download');
    expect(downloadLink()?.textContent).toBe('Download');
    expect(button('Request export').disabled).toBe(true);

    // Ready: no more asking.
    api.fetchLatestExport.mockClear();
    await settle(() => jest.advanceTimersByTime(3 * EXPORT_POLL_MS));
    expect(api.fetchLatestExport).not.toHaveBeenCalled();
  });

  it('shows a refused request as an error, with the export it was refused for', async () => {
    await openPrivacy();
    api.requestExport.mockRejectedValue(new ApiError(EXPORT_TOO_SOON, 429));
    api.fetchLatestExport.mockResolvedValue(readyExport);
    await settle(() => button('Request export').click());
    await loaded();
    expect(host().querySelector('[role=alert]')?.textContent).toBe(EXPORT_TOO_SOON);
    expect(exportState()).toContain('Your archive is ready');
  });

  it('lets a failed export be asked for again at once, and says when an archive has expired', async () => {
    api.fetchLatestExport.mockResolvedValue({ ...pendingExport, status: 'failed', nextAllowedAt: ago(0) });
    await openPrivacy();
    expect(exportState()).toContain('Your archive could not be prepared');
    expect(button('Request export').disabled).toBe(false);

    api.fetchLatestExport.mockResolvedValue({
      ...readyExport,
      status: 'expired',
      url: null,
      nextAllowedAt: ago(HOUR),
    });
    await settle(() => void useAccountExportStore.getState().load());
    expect(exportState()).toContain('Your last archive has expired');
    expect(downloadLink()).toBeNull();
    expect(button('Request export').disabled).toBe(false);
  });

  it('offers to try again when the export cannot be loaded', async () => {
    api.fetchLatestExport.mockRejectedValueOnce(new ApiError('Service Unavailable', 503));
    await openPrivacy();
    expect(text()).toContain('Your data export could not be loaded.');
    await settle(() => button('Try again').click());
    await loaded();
    expect(exportState()).toContain('No export yet');
  });

  it('says what deleting the account removes and keeps, and deletes it only with the right password', async () => {
    await openPrivacy();
    expect(text()).toContain('reports you filed');
    expect(text()).toContain('This cannot be undone.');
    await settle(() => button('Delete account').click());
    const dialog = () => document.querySelector('dialog[open]')!;
    expect(dialog().textContent).toContain('Delete your account?');
    const password = () => dialog().querySelector<HTMLInputElement>('#delete-account-password')!;
    const passwordError = () => dialog().querySelector('#delete-account-password-error')?.textContent ?? null;
    const submit = () => settle(() => dialog().querySelector('form')!.requestSubmit());

    // Cancel asks nothing of the server.
    await settle(() => button('Cancel', dialog()).click());
    expect(document.querySelector('dialog[open]')).toBeNull();
    await settle(() => button('Delete account').click());

    await submit();
    expect(passwordError()).toBe('Enter your password');
    expect(api.deleteAccount).not.toHaveBeenCalled();

    typeInto(password(), 'wrong');
    api.deleteAccount.mockRejectedValueOnce(new ApiError(WRONG_CURRENT_PASSWORD, 400, WRONG_PASSWORD_CODE));
    await submit();
    expect(passwordError()).toBe(WRONG_CURRENT_PASSWORD);
    expect(document.activeElement).toBe(password());
    expect(useSessionStore.getState().user).toBe(claire);

    typeInto(password(), 'secret1');
    api.deleteAccount.mockResolvedValueOnce({ message: ACCOUNT_DELETED_REPLY });
    await submit();
    expect(api.deleteAccount).toHaveBeenLastCalledWith({ password: 'secret1' });
    expect(toast.success).toHaveBeenCalledWith('Account deleted', ACCOUNT_DELETED_REPLY);
    expect(useSessionStore.getState().user).toBeNull();
    expect(address.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('shows any other refusal of the deletion in the dialog', async () => {
    await openPrivacy();
    await settle(() => button('Delete account').click());
    const dialog = document.querySelector('dialog[open]')!;
    typeInto(dialog.querySelector<HTMLInputElement>('#delete-account-password')!, 'secret1');
    api.deleteAccount.mockRejectedValueOnce(new ApiError('Too many attempts. Try again later.', 429));
    await settle(() => dialog.querySelector('form')!.requestSubmit());
    expect(dialog.querySelector('[role=alert]')?.textContent).toBe('Too many attempts. Try again later.');
    expect(useSessionStore.getState().user).toBe(claire);
  });
});

// The dialog's markup is in the document, outside the view's host: leave none behind.
afterEach(() => act(() => document.querySelectorAll('dialog').forEach((d) => d.removeAttribute('open'))));

describe('SettingsPage in French', () => {
  const languageSelect = () => host().querySelector<HTMLSelectElement>('#settings-language-select')!;
  const pick = (value: string) =>
    settle(() => {
      languageSelect().value = value;
      languageSelect().dispatchEvent(new Event('change', { bubbles: true }));
    });

  beforeEach(() => settle(() => void i18next.changeLanguage('fr')));
  afterEach(async () => {
    await act(() => i18next.changeLanguage('en'));
    useLanguageStore.setState({ choice: null });
    localStorage.clear();
  });

  it('shows the tabs, the account and its dates in French', async () => {
    await loaded();
    expect(tab('Compte').getAttribute('aria-selected')).toBe('true');
    expect(tab('Confidentialité et données')).toBeDefined();
    expect(text()).toContain('Nom d’utilisateur');
    expect(text()).toContain('Non vérifiée');
    expect(text()).toContain('Membre depuis');
    expect(text()).toContain('janvier 2026');
    expect(host().querySelector('form[aria-label="Changer d’adresse e-mail"]')).not.toBeNull();

    api.fetchAccount.mockResolvedValue({ ...account, pendingEmail: 'new@example.com' });
    await settle(() => void useAccountStore.getState().load());
    expect(text()).toContain('En attente de confirmation\u202f: new@example.com. Suivez le lien');
  });

  it('names browsers and asks before signing them out in French', async () => {
    await settle(() => address.visit('/settings?tab=security'));
    await loaded();
    expect(text()).toContain('Chrome 131 sur Linux');
    expect(text()).toContain('Ce navigateur');
    await settle(() => button('Déconnecter Safari 18 sur iOS 18').click());
    expect(document.querySelector('dialog[open]')!.textContent).toContain(
      'Déconnecter Safari 18 sur iOS 18\u202f?',
    );
  });

  it('offers the browser’s language, English and French, and keeps the choice on the account', async () => {
    await loaded();
    const options = [...languageSelect().options].map((option) => [option.value, option.textContent]);
    expect(options).toEqual([
      ['', 'Celle de ce navigateur (English)'],
      ['en', 'English'],
      ['fr', 'Français'],
    ]);
    // The test browser speaks English; nothing was chosen on this device yet.
    expect(languageSelect().value).toBe('');

    await pick('en');
    expect(i18next.language).toBe('en');
    expect(api.setLanguage).toHaveBeenLastCalledWith('en');
    expect(tab('Account')).toBeDefined();
    expect(languageSelect().value).toBe('en');

    await pick('');
    expect(api.setLanguage).toHaveBeenLastCalledWith(null);
    expect(languageSelect().value).toBe('');
    expect(languageSelect().options[0]?.textContent).toBe('Same as this browser (English)');
  });
});
