import type { PasskeySignInOptions } from '@piste/contracts';
import * as webAuthn from '@simplewebauthn/browser';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import * as authApi from '../api/auth';
import { ApiError } from '../api/client';
import * as passkeysApi from '../api/passkeys';
import { notify } from '../lib/toast';
import { useSessionStore } from '../stores/session';
import { mountEach, settle, typeInto } from '../test-support/mounted';
import { routerAddress } from '../test-support/router-mock';
import { sessionUser } from '../test-support/session-user';
import { AuthPage } from './AuthPage';

jest.mock('../lib/router', () => jest.requireActual('../test-support/router-mock').routerModule());
jest.mock('../api/auth');
jest.mock('../api/passkeys');
// Loaded with import() by the page: the mock is the browser's passkey prompt.
jest.mock('@simplewebauthn/browser');
jest.mock('../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const api = jest.mocked(authApi);
const passkeys = jest.mocked(passkeysApi);
const browser = jest.mocked(webAuthn);
const toast = jest.mocked(notify);
const { navigate } = routerAddress();

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire Dubois' });
const signInOptions: PasskeySignInOptions = { challenge: 'c2lnbi1pbg', rpId: 'localhost' };
const assertion: AuthenticationResponseJSON = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ9', authenticatorData: 'SZYN', signature: 'MEUC', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

/** A browser with the WebAuthn API, or without it (as jsdom is). */
function browserWithWebAuthn(yes: boolean) {
  if (yes) Object.assign(globalThis, { PublicKeyCredential: function PublicKeyCredential() {} });
  else delete (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  browser.browserSupportsWebAuthn.mockReturnValue(yes);
}

beforeEach(() => {
  jest.clearAllMocks();
  browserWithWebAuthn(true);
  useSessionStore.setState({ user: null, status: 'ready' });
  passkeys.fetchSignInOptions.mockResolvedValue(signInOptions);
  passkeys.loginWithPasskey.mockResolvedValue(claire);
  browser.startAuthentication.mockResolvedValue(assertion);
  api.login.mockResolvedValue({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
});
afterAll(() => browserWithWebAuthn(false));
const view = mountEach(() => null);
let mounts = 0;
/** Shows the page, and lets it learn (from the library, loaded on demand) whether the browser has passkeys. */
const show = () => settle(() => view.render(<AuthPage key={++mounts} />));
beforeEach(show);

const passkeyButton = () =>
  [...view.host().querySelectorAll('button')].find((b) => b.textContent === 'Sign in with a passkey') ?? null;
const alertText = () => view.host().querySelector('[role=alert]')?.textContent ?? null;

describe('AuthPage, signing in with a passkey', () => {
  it('offers it below the password form, outside it', () => {
    const button = passkeyButton()!;
    expect(button).not.toBeNull();
    const form = view.host().querySelector('form[aria-label=Login]')!;
    expect(form.contains(button)).toBe(false);
    expect(form.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button.type).toBe('button');
  });

  it('signs in with no username or password, then goes to the feed as a password sign-in does', async () => {
    await settle(() => passkeyButton()!.click());
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: signInOptions });
    expect(passkeys.loginWithPasskey).toHaveBeenCalledWith({ response: assertion });
    expect(api.login).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user).toEqual(claire);
    expect(toast.success).toHaveBeenCalledWith('Welcome back!', 'Logged in as claire');
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('does nothing when the browser’s prompt is cancelled', async () => {
    browser.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    await settle(() => passkeyButton()!.click());
    expect(passkeys.loginWithPasskey).not.toHaveBeenCalled();
    expect(alertText()).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(passkeyButton()!.disabled).toBe(false);
  });

  it('shows the server’s refusal, and the password still works', async () => {
    passkeys.loginWithPasskey.mockRejectedValueOnce(
      new ApiError('This passkey is not known to Piste. Sign in with your password.', 401),
    );
    await settle(() => passkeyButton()!.click());
    expect(alertText()).toBe('This passkey is not known to Piste. Sign in with your password.');
    expect(navigate).not.toHaveBeenCalled();
    expect(passkeyButton()!.disabled).toBe(false);
  });

  it('is not offered where the browser has no passkeys', async () => {
    browserWithWebAuthn(false);
    await show();
    expect(passkeyButton()).toBeNull();
    browserWithWebAuthn(true);
    browser.browserSupportsWebAuthn.mockReturnValue(false);
    await show();
    expect(passkeyButton()).toBeNull();
  });

  it('is not offered on the second step of a password sign-in', async () => {
    typeInto(view.host().querySelector<HTMLInputElement>('#login-username')!, 'claire');
    typeInto(view.host().querySelector<HTMLInputElement>('#login-password')!, 'touche');
    await settle(() => view.host().querySelector('form')!.requestSubmit());
    expect(view.host().querySelector('#login-code')).not.toBeNull();
    expect(passkeyButton()).toBeNull();
  });

  it('is not offered on the Register tab', async () => {
    const tab = [...view.host().querySelectorAll('[role=tab]')].find((t) => t.textContent === 'Register');
    await settle(() => (tab as HTMLButtonElement).click());
    expect(passkeyButton()).toBeNull();
  });
});
