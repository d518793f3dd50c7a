import type { SessionUser } from '@piste/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { notify } from '../lib/toast';
import { useSessionStore } from '../stores/session';
import { AuthPage } from './AuthPage';

const navigate = jest.fn();
jest.mock('react-router-dom', () => ({ useNavigate: () => navigate }));
jest.mock('../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const toast = jest.mocked(notify);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const claire: SessionUser = {
  id: 'u1',
  username: 'claire',
  name: 'Claire Dubois',
  avatar: null,
  isAdmin: false,
  bannedUntil: null,
};

const login = jest.fn<
  Promise<SessionUser>,
  Parameters<ReturnType<typeof useSessionStore.getState>['login']>
>();
const register = jest.fn<
  Promise<SessionUser>,
  Parameters<ReturnType<typeof useSessionStore.getState>['register']>
>();

let host: HTMLDivElement;
let root: Root;

beforeEach(() => {
  jest.clearAllMocks();
  login.mockResolvedValue(claire);
  register.mockResolvedValue(claire);
  useSessionStore.setState({ login, register });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root.render(<AuthPage />));
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const byId = <T extends HTMLElement>(id: string) => host.querySelector<T>(`#${id}`)!;
const errorOf = (id: string) => host.querySelector(`#${id}-error`)?.textContent ?? null;

function type(id: string, text: string) {
  const input = byId<HTMLInputElement>(id);
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    host.querySelector('form')!.requestSubmit();
    await Promise.resolve();
  });
}

function openRegister() {
  const tab = [...host.querySelectorAll('[role=tab]')].find((t) => t.textContent === 'Register');
  act(() => (tab as HTMLButtonElement).click());
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
    expect(host.querySelector('[role=alert]')?.textContent).toBe('Invalid username or password');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says the passwords do not match on confirm password and registers nobody', async () => {
    openRegister();
    type('register-username', 'claire');
    type('register-email', 'claire@example.com');
    type('register-name', 'Claire Dubois');
    type('register-password', 'secret1');
    type('register-confirm-password', 'secret2');
    act(() => byId<HTMLInputElement>('register-accept-terms').click());
    await submit();
    expect(errorOf('register-confirm-password')).toBe("Passwords don't match");
    expect(errorOf('register-password')).toBeNull();
    expect(byId('register-confirm-password').getAttribute('aria-invalid')).toBe('true');
    expect(register).not.toHaveBeenCalled();
  });

  it('registers once every rule holds, with the chosen weapon', async () => {
    openRegister();
    type('register-username', 'claire');
    type('register-email', 'claire@example.com');
    type('register-name', 'Claire Dubois');
    const weapon = byId<HTMLSelectElement>('register-weapon');
    act(() => {
      weapon.value = 'sabre';
      weapon.dispatchEvent(new Event('change', { bubbles: true }));
    });
    type('register-password', 'secret1');
    type('register-confirm-password', 'secret1');
    act(() => byId<HTMLInputElement>('register-accept-terms').click());
    await submit();
    expect(register).toHaveBeenCalledTimes(1);
    expect(register.mock.calls[0][0]).toMatchObject({
      username: 'claire',
      email: 'claire@example.com',
      weaponSpecialty: 'sabre',
      acceptTerms: true,
    });
  });
});
