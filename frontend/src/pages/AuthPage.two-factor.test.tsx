import type { TwoFactorRequired } from '@piste/contracts';
import * as authApi from '../api/auth';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { useSessionStore } from '../stores/session';
import { mountEach, settle, typeInto } from '../test-support/mounted';
import { routerAddress } from '../test-support/router-mock';
import { sessionUser } from '../test-support/session-user';
import { AuthPage } from './AuthPage';

jest.mock('../lib/router', () => jest.requireActual('../test-support/router-mock').routerModule());
jest.mock('../api/auth');
jest.mock('../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const api = jest.mocked(authApi);
const toast = jest.mocked(notify);
const { navigate } = routerAddress();

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire Dubois' });
const secondFactorWanted: TwoFactorRequired = { twoFactorRequired: true, methods: ['totp', 'recovery'] };

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.setState({ user: null, status: 'ready' });
  api.login.mockResolvedValue(secondFactorWanted);
  api.loginSecondFactor.mockResolvedValue(claire);
});
const view = mountEach(() => <AuthPage />);

const byId = <T extends HTMLElement>(id: string) => view.host().querySelector<T>(`#${id}`);
const type = (id: string, text: string) => typeInto(byId<HTMLInputElement>(id)!, text);
const submit = () => settle(() => view.host().querySelector('form')!.requestSubmit());
const click = (text: string) =>
  settle(() =>
    [...view.host().querySelectorAll('button')].find((button) => button.textContent === text)!.click(),
  );
const alertText = () => view.host().querySelector('[role=alert]')?.textContent ?? null;

async function signInWithPassword() {
  type('login-username', 'claire');
  type('login-password', 'touche');
  await submit();
}

describe('AuthPage, for an account with two-factor sign-in', () => {
  it('asks for the app’s code after the password, with nobody signed in yet', async () => {
    await signInWithPassword();
    expect(api.login).toHaveBeenCalledWith({ username: 'claire', password: 'touche' });
    const code = byId<HTMLInputElement>('login-code')!;
    expect(view.host().querySelector('label[for=login-code]')?.textContent).toBe(
      'Enter the 6-digit code from your authenticator app',
    );
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(useSessionStore.getState().user).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('signs in with the code and goes to the feed as any sign-in does', async () => {
    await signInWithPassword();
    type('login-code', ' 123456 ');
    await submit();
    expect(api.loginSecondFactor).toHaveBeenCalledWith({ code: '123456' });
    expect(useSessionStore.getState().user).toEqual(claire);
    expect(toast.success).toHaveBeenCalledWith('Welcome back!', 'Logged in as claire');
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('checks the code’s shape before sending it', async () => {
    await signInWithPassword();
    type('login-code', '12ab');
    await submit();
    expect(view.host().querySelector('#login-code-error')?.textContent).toBe(
      'Enter the 6-digit code from your app',
    );
    expect(api.loginSecondFactor).not.toHaveBeenCalled();
  });

  it('takes a recovery code instead', async () => {
    await signInWithPassword();
    await click('Use a recovery code instead');
    expect(byId('login-code')).toBeNull();
    type('login-recovery-code', 'abcde-fghjk');
    await submit();
    expect(api.loginSecondFactor).toHaveBeenCalledWith({ recoveryCode: 'abcde-fghjk' });
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('shows a refused code and lets the user try again', async () => {
    api.loginSecondFactor.mockRejectedValueOnce(
      new ApiError('That code is not right, or it was already used', 401),
    );
    await signInWithPassword();
    type('login-code', '000000');
    await submit();
    expect(alertText()).toBe('That code is not right, or it was already used');
    expect(navigate).not.toHaveBeenCalled();
    type('login-code', '123456');
    await submit();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('goes back to the password after too many wrong codes, saying why', async () => {
    api.loginSecondFactor.mockRejectedValueOnce(new ApiError('Too many wrong codes. Sign in again.', 429));
    await signInWithPassword();
    type('login-code', '000000');
    await submit();
    expect(byId('login-code')).toBeNull();
    expect(byId<HTMLInputElement>('login-username')?.value).toBe('claire');
    expect(byId<HTMLInputElement>('login-password')?.value).toBe('');
    expect(alertText()).toBe('Too many wrong codes. Sign in again.');
  });

  it('goes back to the password form with Back', async () => {
    await signInWithPassword();
    await click('Back');
    expect(byId('login-code')).toBeNull();
    expect(byId<HTMLInputElement>('login-username')?.value).toBe('claire');
  });
});
