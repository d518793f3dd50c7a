import i18next from 'i18next';
import { act } from 'react';
import * as accountApi from '../api/account';
import { useLanguageStore } from '../stores/language';
import { useSessionStore } from '../stores/session';
import { mountEach, settle, typeInto } from '../test-support/mounted';
import { sessionUser } from '../test-support/session-user';
import { AuthShell } from './AuthShell';

jest.mock('../api/account');
const api = jest.mocked(accountApi);

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  useSessionStore.setState({ user: null, status: 'ready' });
  useLanguageStore.setState({ choice: null });
});
afterEach(async () => {
  // The screen may still be mounted: its re-render in English is part of the test's act.
  await act(() => i18next.changeLanguage('en'));
});

const view = mountEach(() => (
  <AuthShell>
    <p>Sign in here</p>
  </AuthShell>
));
const select = () => view.host().querySelector<HTMLSelectElement>('select#auth-language')!;
const label = () => view.host().querySelector('label[for="auth-language"]')?.textContent;

describe('the language menu at the foot of the sign-in card', () => {
  it('names each language in itself, showing the one in use', () => {
    expect(label()).toBe('Language');
    expect([...select().options].map((o) => [o.value, o.lang, o.textContent])).toEqual([
      ['en', 'en', 'English'],
      ['fr', 'fr', 'Français'],
    ]);
    expect(select().value).toBe('en');
  });

  it('switches the screen to French at once, without a reload, and this device remembers it', async () => {
    await settle(() => typeInto(select(), 'fr'));
    expect(label()).toBe('Langue');
    expect(view.host().textContent).toContain('Rejoignez les escrimeurs du monde entier');
    expect(select().value).toBe('fr');
    expect(window.localStorage.getItem('piste:language')).toBe('fr');
    expect(api.setLanguage).not.toHaveBeenCalled();
  });

  it('saves the choice to the account of whoever is signed in', async () => {
    useSessionStore.setState({ user: sessionUser({ id: 'u1', username: 'claire', name: 'Claire' }) });
    api.setLanguage.mockResolvedValue({ language: 'fr' });
    await settle(() => typeInto(select(), 'fr'));
    expect(api.setLanguage).toHaveBeenCalledWith('fr');
  });
});
