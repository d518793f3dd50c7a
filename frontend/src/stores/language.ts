import i18next from 'i18next';
import { create } from 'zustand';
import * as accountApi from '../api/account';
import { errorMessage } from '../api/client';
import { browserLanguage, isUiLanguage, type ShownLanguage, type UiLanguage } from '../i18n/languages';
import { notify } from '../lib/toast';
import { useNotificationsStore } from './notifications';
import { useSessionStore } from './session';

export const LANGUAGE_STORAGE_KEY = 'piste:language';

interface LanguageState {
  /** What this device was told to speak (remembered, also signed out); null follows the browser. */
  choice: UiLanguage | 'pseudo' | null;
  /**
   * Remembers the choice on this device and switches the interface at once, without a reload; signed in, the
   * account keeps it too, so every device of the account speaks it. A failure to save it says so in a toast
   * (this device keeps the choice).
   */
  choose: (choice: UiLanguage | null) => Promise<void>;
}

function readChoice(): LanguageState['choice'] {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isUiLanguage(stored) || stored === 'pseudo' ? stored : null;
  } catch {
    return null;
  }
}

function writeChoice(choice: LanguageState['choice']): void {
  try {
    if (choice) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, choice);
    else window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be full or blocked; the choice still holds until the page closes.
  }
}

/** The language a choice shows: itself, or the browser's first language the interface speaks. */
export function shownLanguage(choice: LanguageState['choice']): ShownLanguage {
  return choice ?? browserLanguage();
}

/** Remembers a choice on this device and shows it. */
function rememberAndShow(choice: LanguageState['choice']): void {
  writeChoice(choice);
  useLanguageStore.setState({ choice });
  if (i18next.language !== shownLanguage(choice)) void i18next.changeLanguage(shownLanguage(choice));
}

export const useLanguageStore = create<LanguageState>(() => ({
  choice: readChoice(),
  choose: async (choice) => {
    const user = useSessionStore.getState().user;
    rememberAndShow(choice);
    if (!user) return;
    useSessionStore.setState({ user: { ...user, language: choice } });
    try {
      await accountApi.setLanguage(choice);
      // The server writes notifications out in the account's language: the ones shown follow the new one.
      void useNotificationsStore.getState().sync();
    } catch (error) {
      const title = i18next.t('language.notSaved');
      notify.error(title, errorMessage(error, title));
    }
  },
}));

/**
 * The account's language, when it has one, decides while its user is signed in: it is shown at once and this
 * device remembers it, so the next visit starts in it. The pseudo-locale, a device's choice for checking the
 * screens, stays.
 */
useSessionStore.subscribe((state, previous) => {
  const language = state.user?.language;
  if (!language || language === previous.user?.language) return;
  const { choice } = useLanguageStore.getState();
  if (choice === 'pseudo' || choice === language) return;
  rememberAndShow(language);
});

/** The language to start in, before anyone is known: this device's choice, else the browser's. */
export function startingLanguage(): ShownLanguage {
  return shownLanguage(useLanguageStore.getState().choice);
}
