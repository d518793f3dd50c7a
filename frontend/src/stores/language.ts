import i18next from 'i18next';
import { create } from 'zustand';
import { browserLanguage, isUiLanguage, type ShownLanguage, type UiLanguage } from '../i18n/languages';

export const LANGUAGE_STORAGE_KEY = 'piste:language';

interface LanguageState {
  /** What this device was told to speak (remembered, also signed out); null follows the browser. */
  choice: UiLanguage | 'pseudo' | null;
  /** Remembers the choice on this device and switches the interface at once, without a reload. */
  choose: (choice: UiLanguage | null) => void;
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

export const useLanguageStore = create<LanguageState>((set) => ({
  choice: readChoice(),
  choose: (choice) => {
    writeChoice(choice);
    set({ choice });
    void i18next.changeLanguage(shownLanguage(choice));
  },
}));

/** The language to start in, before anyone is known: this device's choice, else the browser's. */
export function startingLanguage(): ShownLanguage {
  return shownLanguage(useLanguageStore.getState().choice);
}
