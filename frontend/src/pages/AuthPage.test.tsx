import type { SessionUser } from '@piste/contracts';
import { act } from 'react';
import { notify } from '../lib/toast';
import { useSessionStore } from '../stores/session';
import { mountEach, settle, typeInto } from '../test-support/mounted';
import { argumentOfOnlyCall } from '../test-support/mock-calls';
import { routerAddress } from '../test-support/router-mock';
import { sessionUser } from '../test-support/session-user';
import { AuthPage } from './AuthPage';

jest.mock('../lib/router', () => jest.requireActual('../test-support/router-mock').routerModule());
const { navigate } = routerAddress();
jest.mock('../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const toast = jest.mocked(notify);

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire Dubois' });

const login = jest.fn<
  Promise<SessionUser>,
  Parameters<ReturnType<typeof useSessionStore.getState>['login']>
>();
const register = jest.fn<
  Promise<SessionUser>,
  Parameters<ReturnType<typeof useSessionStore.getState>['register']>
>();

beforeEach(() => {
  jest.clearAllMocks();
  login.mockResolvedValue(claire);
  register.mockResolvedValue(claire);
  useSessionStore.setState({ login, register });
});
const view = mountEach(() => <AuthPage />);

const byId = <T extends HTMLElement>(id: string) => view.host().querySelector<T>(`#${id}`)!;
const errorOf = (id: string) => view.host().querySelector(`#${id}-error`)?.textContent ?? null;
const type = (id: string, text: string) => typeInto(byId<HTMLInputElement>(id), text);
const submit = () => settle(() => view.host().querySelector('form')!.requestSubmit());

/** Opens the Register tab and fills it in: Claire, with `confirmation` as the repeated password. */
function fillRegistration(confirmation: string) {
  const tab = [...view.host().querySelectorAll('[role=tab]')].find((t) => t.textContent === 'Register');
  act(() => (tab as HTMLButtonElement).click());
  type('register-username', 'claire');
  type('register-email', 'claire@example.com');
  type('register-name', 'Claire Dubois');
  type('register-password', 'secret1');
  type('register-confirm-password', confirmation);
  act(() => byId<HTMLInputElement>('register-accept-terms').click());
}

describe('AuthPage', () => {
  it('asks for the username and password on login and sends nothing without them', async () => {
    await submit();
    expect(errorOf('login-username')).toBe('Username is required');
    expect(errorOf('login-password')).toBe('Password is required');
    expect(document.activeElement).toBe(byId('login-username'));
    expect(login).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('logs in with the trimmed username, then goes to the feed', async () => {
    type('login-username', '  claire ');
    type('login-password', 'touche');
    await submit();
    expect(login).toHaveBeenCalledWith({ username: 'claire', password: 'touche' });
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('shows the session store’s failure text above the form', async () => {
    login.mockRejectedValueOnce(new Error('Invalid username or password'));
    type('login-username', 'claire');
    type('login-password', 'wrong!');
    await submit();
    expect(view.host().querySelector('[role=alert]')?.textContent).toBe('Invalid username or password');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says the passwords do not match on confirm password and registers nobody', async () => {
    fillRegistration('secret2');
    await submit();
    expect(errorOf('register-confirm-password')).toBe("Passwords don't match");
    expect(errorOf('register-password')).toBeNull();
    expect(byId('register-confirm-password').getAttribute('aria-invalid')).toBe('true');
    expect(register).not.toHaveBeenCalled();
  });

  it('registers once every rule holds, with the chosen weapon', async () => {
    fillRegistration('secret1');
    typeInto(byId<HTMLSelectElement>('register-weapon'), 'sabre');
    await submit();
    expect(argumentOfOnlyCall(register)).toMatchObject({
      username: 'claire',
      email: 'claire@example.com',
      weaponSpecialty: 'sabre',
      acceptTerms: true,
    });
  });

  it('offers a way back in under the login form, not under registration', () => {
    const link = [...view.host().querySelectorAll('a')].find((a) => a.textContent === 'Forgot password?');
    expect(link?.getAttribute('href')).toBe('/forgot-password');
    fillRegistration('secret1');
    expect(view.host().textContent).not.toContain('Forgot password?');
  });
});
