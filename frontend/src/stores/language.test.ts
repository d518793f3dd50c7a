import i18next from 'i18next';
import * as accountApi from '../api/account';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { sessionUser } from '../test-support/session-user';
import { LANGUAGE_STORAGE_KEY, startingLanguage, useLanguageStore } from './language';
import { useNotificationsStore } from './notifications';
import { useSessionStore } from './session';

jest.mock('../api/account');
jest.mock('../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const api = jest.mocked(accountApi);
const toast = jest.mocked(notify);

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire Dubois' });

/** The browser's preferred languages, as `navigator.languages` gives them. */
function browserPrefers(...languages: string[]): void {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
}

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  browserPrefers('en-GB');
  useSessionStore.setState({ user: null, status: 'ready' });
  useLanguageStore.setState({ choice: null });
});

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('signed out', () => {
  it('remembers the choice on this device and switches at once, asking no account', async () => {
    await useLanguageStore.getState().choose('fr');
    expect(i18next.language).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(useLanguageStore.getState().choice).toBe('fr');
    expect(api.setLanguage).not.toHaveBeenCalled();
  });

  it("starts in the device's choice, else the browser's language, else English", () => {
    browserPrefers('de-DE', 'fr-CA');
    expect(startingLanguage()).toBe('fr');
    browserPrefers('de-DE');
    expect(startingLanguage()).toBe('en');
    useLanguageStore.setState({ choice: 'en' });
    browserPrefers('fr-FR');
    expect(startingLanguage()).toBe('en');
  });

  it('forgets the choice on this device when told to follow the browser', async () => {
    await useLanguageStore.getState().choose('fr');
    browserPrefers('en-US');
    await useLanguageStore.getState().choose(null);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(i18next.language).toBe('en');
  });
});

describe('signed in', () => {
  it('saves the choice to the account as well as on this device, and shows notifications anew in it', async () => {
    useSessionStore.setState({ user: claire });
    api.setLanguage.mockResolvedValue({ language: 'fr' });
    const sync = jest.spyOn(useNotificationsStore.getState(), 'sync').mockResolvedValue();
    await useLanguageStore.getState().choose('fr');
    expect(api.setLanguage).toHaveBeenCalledWith('fr');
    // The server writes them out in the account's language, now French.
    expect(sync).toHaveBeenCalledTimes(1);
    expect(sync.mock.invocationCallOrder[0]).toBeGreaterThan(api.setLanguage.mock.invocationCallOrder[0]);
    sync.mockRestore();
    expect(useSessionStore.getState().user?.language).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(i18next.language).toBe('fr');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says when the account could not keep it, and this device keeps it', async () => {
    useSessionStore.setState({ user: claire });
    api.setLanguage.mockRejectedValue(new ApiError('Too many requests', 429));
    await useLanguageStore.getState().choose('fr');
    expect(toast.error).toHaveBeenCalledWith('Langue non enregistrée', 'Too many requests');
    expect(i18next.language).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it("speaks the account's language once its user is known, over this device's choice", () => {
    useLanguageStore.setState({ choice: 'en' });
    useSessionStore.getState().setUser({ ...claire, language: 'fr' });
    expect(i18next.language).toBe('fr');
    expect(useLanguageStore.getState().choice).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it('keeps the device’s choice when the account has no language of its own', () => {
    useLanguageStore.setState({ choice: 'en' });
    useSessionStore.getState().setUser(claire);
    expect(i18next.language).toBe('en');
    expect(useLanguageStore.getState().choice).toBe('en');
  });

  it('keeps the pseudo-locale a device chose for checking the screens', () => {
    useLanguageStore.setState({ choice: 'pseudo' });
    useSessionStore.getState().setUser({ ...claire, language: 'fr' });
    expect(useLanguageStore.getState().choice).toBe('pseudo');
  });
});
