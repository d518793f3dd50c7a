import type { Passkey, PasskeyRegistrationOptions, PasskeySignInOptions } from '@piste/contracts';
import * as webAuthn from '@simplewebauthn/browser';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import * as passkeysApi from '../api/passkeys';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { sessionUser } from '../test-support/session-user';
import { usePasskeysStore } from './passkeys';
import { useSessionStore } from './session';

jest.mock('../api/passkeys');
// The ceremonies are loaded with import(): the mock stands in for the browser's prompts.
jest.mock('@simplewebauthn/browser');
jest.mock('../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const api = jest.mocked(passkeysApi);
const browser = jest.mocked(webAuthn);
const toast = jest.mocked(notify);
const store = () => usePasskeysStore.getState();

const phone: Passkey = {
  id: 'p1',
  name: 'Pixel 9',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-25T08:00:00.000Z',
  backedUp: true,
};
const laptop: Passkey = { ...phone, id: 'p2', name: 'Chrome on Linux', lastUsedAt: null, backedUp: false };

const registrationOptions: PasskeyRegistrationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Piste' },
  user: { id: 'dXNlcg', name: 'claire', displayName: 'Claire Dubois' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};
const signInOptions: PasskeySignInOptions = { challenge: 'c2lnbi1pbg', rpId: 'localhost' };
const registration: RegistrationResponseJSON = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ9', attestationObject: 'o2Nm', transports: ['internal'] },
  clientExtensionResults: {},
};
const assertion: AuthenticationResponseJSON = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ9', authenticatorData: 'SZYN', signature: 'MEUC', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

/** What the library throws when the browser's prompt ends without a credential. */
const browserError = (name: string) => Object.assign(new Error(`${name} from the browser`), { name });

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire Dubois' });

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
  useSessionStore.setState({ user: null, status: 'ready' });
  api.fetchPasskeys.mockResolvedValue([phone]);
  api.fetchRegistrationOptions.mockResolvedValue(registrationOptions);
  api.addPasskey.mockResolvedValue(laptop);
  api.fetchSignInOptions.mockResolvedValue(signInOptions);
  api.loginWithPasskey.mockResolvedValue(claire);
  browser.startRegistration.mockResolvedValue(registration);
  browser.startAuthentication.mockResolvedValue(assertion);
});

describe('passkeys store', () => {
  it('loads the list, and keeps it when a refetch fails', async () => {
    await store().load();
    expect(store()).toMatchObject({ passkeys: [phone], status: 'ready' });
    api.fetchPasskeys.mockRejectedValueOnce(new ApiError('Network error', 0));
    await store().load();
    expect(store()).toMatchObject({ passkeys: [phone], status: 'ready' });
  });

  it('says the first load failed', async () => {
    api.fetchPasskeys.mockRejectedValueOnce(new ApiError('Network error', 0));
    await store().load();
    expect(store().status).toBe('error');
  });

  it('adds a passkey: the server’s options to the browser, its answer back under the name', async () => {
    await store().load();
    await expect(store().add('Chrome on Linux')).resolves.toBe(true);
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: registrationOptions });
    expect(api.addPasskey).toHaveBeenCalledWith({ response: registration, name: 'Chrome on Linux' });
    expect(store().passkeys).toEqual([phone, laptop]);
    expect(toast.success).toHaveBeenCalledWith(
      'Passkey added',
      'Next time, sign in with it instead of your password.',
    );
    expect(store().pending).toBe(false);
  });

  it('says nothing and adds nothing when the browser’s prompt is cancelled', async () => {
    await store().load();
    for (const name of ['NotAllowedError', 'AbortError']) {
      browser.startRegistration.mockRejectedValueOnce(browserError(name));
      await expect(store().add('Chrome on Linux')).resolves.toBe(false);
    }
    expect(api.addPasskey).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(store().passkeys).toEqual([phone]);
    expect(store().pending).toBe(false);
  });

  it('shows the server’s refusal and rejects with it', async () => {
    api.addPasskey.mockRejectedValueOnce(new ApiError('That passkey could not be checked. Try again.', 400));
    await expect(store().add('Chrome on Linux')).rejects.toThrow(
      'That passkey could not be checked. Try again.',
    );
    expect(toast.error).toHaveBeenCalledWith(
      'Passkey not added',
      'That passkey could not be checked. Try again.',
    );
    api.fetchRegistrationOptions.mockRejectedValueOnce(
      new ApiError('You can have at most 20 passkeys. Remove one first.', 409),
    );
    await expect(store().add('Chrome on Linux')).rejects.toThrow('You can have at most 20 passkeys.');
    expect(browser.startRegistration).toHaveBeenCalledTimes(1);
  });

  it('words the browser’s own refusals for a person', async () => {
    browser.startRegistration.mockRejectedValueOnce(browserError('InvalidStateError'));
    await expect(store().add('Chrome on Linux')).rejects.toThrow(
      'This device already holds a passkey for your account.',
    );
    // The page is not at the passkeys' site (opened by its IP address, say).
    browser.startRegistration.mockRejectedValueOnce(browserError('SecurityError'));
    await expect(store().add('Chrome on Linux')).rejects.toThrow(
      'Passkeys work only at localhost. Open Piste there.',
    );
    browser.startRegistration.mockRejectedValueOnce(browserError('UnknownError'));
    await expect(store().add('Chrome on Linux')).rejects.toThrow(
      'This browser could not create a passkey. Try again, or use another device.',
    );
    expect(api.addPasskey).not.toHaveBeenCalled();
  });

  it('renames a passkey in place', async () => {
    await store().load();
    api.renamePasskey.mockResolvedValueOnce({ ...phone, name: 'Work phone' });
    await store().rename('p1', 'Work phone');
    expect(api.renamePasskey).toHaveBeenCalledWith('p1', 'Work phone');
    expect(store().passkeys).toEqual([{ ...phone, name: 'Work phone' }]);
  });

  it('rejects a refused name with the server’s text', async () => {
    await store().load();
    api.renamePasskey.mockRejectedValueOnce(new ApiError('Passkey not found', 404));
    await expect(store().rename('p1', 'Work phone')).rejects.toThrow('Passkey not found');
    expect(toast.error).toHaveBeenCalledWith('Passkey not renamed', 'Passkey not found');
    expect(store().passkeys).toEqual([phone]);
  });

  it('removes a passkey and says it no longer signs in', async () => {
    await store().load();
    await expect(store().remove('p1')).resolves.toBe(true);
    expect(api.removePasskey).toHaveBeenCalledWith('p1');
    expect(store().passkeys).toEqual([]);
    expect(toast.success).toHaveBeenCalledWith('Passkey removed', '“Pixel 9” no longer signs you in.');
  });

  it('reloads the list when the passkey was already gone', async () => {
    await store().load();
    api.removePasskey.mockRejectedValueOnce(new ApiError('Passkey not found', 404));
    api.fetchPasskeys.mockResolvedValueOnce([]);
    await expect(store().remove('p1')).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Passkey not removed', 'Passkey not found');
    await Promise.resolve();
    expect(api.fetchPasskeys).toHaveBeenCalledTimes(2);
  });
});

describe('signing in with a passkey', () => {
  const loginWithPasskey = () => useSessionStore.getState().loginWithPasskey();

  it('signs the passkey’s account in as a password sign-in does', async () => {
    await expect(loginWithPasskey()).resolves.toEqual(claire);
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: signInOptions });
    expect(api.loginWithPasskey).toHaveBeenCalledWith({ response: assertion });
    expect(useSessionStore.getState().user).toEqual(claire);
    expect(toast.success).toHaveBeenCalledWith('Welcome back!', 'Logged in as claire');
  });

  it('does nothing when the browser’s prompt is cancelled', async () => {
    browser.startAuthentication.mockRejectedValueOnce(browserError('NotAllowedError'));
    await expect(loginWithPasskey()).resolves.toBeNull();
    expect(api.loginWithPasskey).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('words the browser’s own refusals for a person', async () => {
    browser.startAuthentication.mockRejectedValueOnce(browserError('SecurityError'));
    await expect(loginWithPasskey()).rejects.toThrow('Passkeys work only at localhost. Open Piste there.');
    browser.startAuthentication.mockRejectedValueOnce(browserError('UnknownError'));
    await expect(loginWithPasskey()).rejects.toThrow(
      'This browser could not use a passkey. Sign in with your password.',
    );
    expect(api.loginWithPasskey).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal as a failed login', async () => {
    api.loginWithPasskey.mockRejectedValueOnce(
      new ApiError('This passkey is not known to Piste. Sign in with your password.', 401),
    );
    await expect(loginWithPasskey()).rejects.toThrow('This passkey is not known to Piste.');
    expect(toast.error).toHaveBeenCalledWith(
      'Login failed',
      'This passkey is not known to Piste. Sign in with your password.',
    );
    expect(useSessionStore.getState().user).toBeNull();
  });
});
