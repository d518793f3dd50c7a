import { startTheme, THEME_COLOURS, THEME_STORAGE_KEY, useThemeStore } from './theme';

/** A stand-in for the system's `prefers-color-scheme: dark` query that a test can flip. */
class SystemScheme {
  dark: boolean;
  private readonly listeners = new Set<(event: MediaQueryListEvent) => void>();

  constructor(dark: boolean) {
    this.dark = dark;
  }

  install(): void {
    const isDark = () => this.dark;
    window.matchMedia = (query: string) => {
      expect(query).toBe('(prefers-color-scheme: dark)');
      return {
        media: query,
        get matches() {
          return isDark();
        },
        addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
          this.listeners.add(listener),
        removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
          this.listeners.delete(listener),
      } as unknown as MediaQueryList;
    };
  }

  /** The user changes the system setting. */
  change(dark: boolean): void {
    this.dark = dark;
    for (const listener of this.listeners) listener({ matches: dark } as MediaQueryListEvent);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}

const html = document.documentElement;
const themeColour = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

let system: SystemScheme;
let stop: (() => void) | undefined;

beforeEach(() => {
  window.localStorage.clear();
  html.className = '';
  delete html.dataset.theme;
  html.style.colorScheme = '';
  document.head.innerHTML = `<meta name="theme-color" content="${THEME_COLOURS.light}" />`;
  system = new SystemScheme(false);
  system.install();
});

afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('theme', () => {
  it.each(['dark', 'light'] as const)('follows a %s system by default', (theme) => {
    system.dark = theme === 'dark';
    stop = startTheme();

    expect(useThemeStore.getState()).toMatchObject({ choice: 'system', theme });
    expect(html.classList.contains('dark')).toBe(theme === 'dark');
    expect(html.dataset.theme).toBe(theme);
    expect(html.style.colorScheme).toBe(theme);
    expect(themeColour()).toBe(THEME_COLOURS[theme]);
  });

  it('applies a choice at once and keeps it for the next visit', () => {
    stop = startTheme();
    useThemeStore.getState().choose('dark');

    expect(html.classList.contains('dark')).toBe(true);
    expect(themeColour()).toBe(THEME_COLOURS.dark);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    // The next visit starts from storage, whatever the system says.
    stop();
    html.className = '';
    useThemeStore.setState({ choice: 'system', theme: 'light' });
    stop = startTheme();
    expect(useThemeStore.getState()).toMatchObject({ choice: 'dark', theme: 'dark' });
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('a stored light choice wins over a dark system', () => {
    system.dark = true;
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    stop = startTheme();

    expect(useThemeStore.getState()).toMatchObject({ choice: 'light', theme: 'light' });
    expect(html.classList.contains('dark')).toBe(false);
    expect(html.style.colorScheme).toBe('light');
  });

  it.each(['purple', '', '"dark"', 'DARK'])('falls back to the system on a stored %j', (stored) => {
    system.dark = true;
    window.localStorage.setItem(THEME_STORAGE_KEY, stored);
    stop = startTheme();

    expect(useThemeStore.getState()).toMatchObject({ choice: 'system', theme: 'dark' });
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('falls back to the system when storage cannot be read', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    try {
      system.dark = true;
      stop = startTheme();
      expect(useThemeStore.getState()).toMatchObject({ choice: 'system', theme: 'dark' });
    } finally {
      getItem.mockRestore();
    }
  });

  it('follows live system changes while on system, and not after a fixed choice', () => {
    stop = startTheme();
    expect(html.classList.contains('dark')).toBe(false);

    system.change(true);
    expect(useThemeStore.getState().theme).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
    expect(themeColour()).toBe(THEME_COLOURS.dark);

    system.change(false);
    expect(useThemeStore.getState().theme).toBe('light');
    expect(html.classList.contains('dark')).toBe(false);

    useThemeStore.getState().choose('light');
    system.change(true);
    expect(useThemeStore.getState()).toMatchObject({ choice: 'light', theme: 'light' });
    expect(html.classList.contains('dark')).toBe(false);

    // Back on system, the current system setting applies at once.
    useThemeStore.getState().choose('system');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
    expect(useThemeStore.getState()).toMatchObject({ choice: 'system', theme: 'dark' });
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('takes up a choice made in another tab', () => {
    stop = startTheme();
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));

    expect(useThemeStore.getState()).toMatchObject({ choice: 'dark', theme: 'dark' });
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('switches without transitions, then allows them again', () => {
    jest.useFakeTimers();
    try {
      stop = startTheme();
      expect(html.classList.contains('theme-switching')).toBe(false);
      useThemeStore.getState().choose('dark');
      expect(html.classList.contains('theme-switching')).toBe(true);
      jest.runAllTimers();
      expect(html.classList.contains('theme-switching')).toBe(false);
      expect(html.classList.contains('dark')).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops following the system when stopped', () => {
    stop = startTheme();
    expect(system.listenerCount).toBe(1);
    stop();
    expect(system.listenerCount).toBe(0);
  });
});
