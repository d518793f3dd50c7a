import { create } from 'zustand';

/** What the user picked: a fixed theme, or whatever the system prefers. */
export type ThemeChoice = 'light' | 'dark' | 'system';
/** What the page actually shows. */
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const THEME_STORAGE_KEY = 'piste:theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The page background of each theme (slate-50, slate-950), for the browser's own chrome. */
export const THEME_COLOURS: Record<Theme, string> = { light: '#f8fafc', dark: '#020617' };

interface ThemeState {
  choice: ThemeChoice;
  theme: Theme;
  /** Remembers the choice on this device and applies it at once. */
  choose: (choice: ThemeChoice) => void;
}

function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

/** The stored choice; anything missing, unreadable or unknown means 'system'. */
function readChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function writeChoice(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage can be full or blocked; the choice still holds until the page closes.
  }
}

function systemQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

function resolve(choice: ThemeChoice): Theme {
  if (choice !== 'system') return choice;
  return systemQuery()?.matches ? 'dark' : 'light';
}

/** Puts the theme on <html>: the `dark` class for styles, color-scheme for native controls, theme-color for the browser. */
function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  // A switch is instant: colours that normally ease (buttons, tabs) must not fade across the whole page.
  const switching = root.dataset.theme !== undefined && root.dataset.theme !== theme;
  if (switching) root.classList.add('theme-switching');
  root.classList.toggle('dark', theme === 'dark');
  // Also ends the stylesheet's guess from the system preference (made before this script runs).
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOURS[theme]);
  if (switching) {
    // Reading a style makes the browser apply the new colours now, while transitions are off.
    void window.getComputedStyle(root).colorScheme;
    window.setTimeout(() => root.classList.remove('theme-switching'), 0);
  }
}

export const useThemeStore = create<ThemeState>()((set) => ({
  choice: 'system',
  theme: 'light',
  choose: (choice) => {
    writeChoice(choice);
    const theme = resolve(choice);
    applyTheme(theme);
    set({ choice, theme });
  },
}));

/**
 * Applies the stored choice before anything renders (so a dark page never flashes light) and follows live system
 * changes while the choice is 'system'. Returns a function that stops following them.
 */
export function startTheme(): () => void {
  const choice = readChoice();
  const theme = resolve(choice);
  applyTheme(theme);
  useThemeStore.setState({ choice, theme });

  const query = systemQuery();
  const onSystemChange = (event: MediaQueryListEvent): void => {
    if (useThemeStore.getState().choice !== 'system') return;
    const next: Theme = event.matches ? 'dark' : 'light';
    applyTheme(next);
    useThemeStore.setState({ theme: next });
  };
  // A choice made in another tab applies here too.
  const onStorage = (event: StorageEvent): void => {
    if (event.key !== THEME_STORAGE_KEY) return;
    const next = readChoice();
    const nextTheme = resolve(next);
    applyTheme(nextTheme);
    useThemeStore.setState({ choice: next, theme: nextTheme });
  };
  query?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
