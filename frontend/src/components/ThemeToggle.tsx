import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { useThemeStore, type Theme, type ThemeChoice } from '../stores/theme';

const CHOICES: Record<ThemeChoice, { icon: LucideIcon; next: ThemeChoice }> = {
  system: { icon: Monitor, next: 'light' },
  light: { icon: Sun, next: 'dark' },
  dark: { icon: Moon, next: 'system' },
};

/** Each choice's name in the toggle's label: 'system theme', 'light theme', 'dark theme'. */
const NAMES = {
  system: 'theme.names.system',
  light: 'theme.names.light',
  dark: 'theme.names.dark',
} as const satisfies Record<ThemeChoice, string>;

/** The theme the system's choice gives, in brackets after 'system theme'. */
const SHOWING = { light: 'theme.showing.light', dark: 'theme.showing.dark' } as const satisfies Record<
  Theme,
  string
>;

/**
 * One button that steps through system → light → dark → system; its name says the current and the next theme.
 * `className` sets its display (e.g. 'hidden md:flex').
 */
export function ThemeToggle({ className = 'flex' }: { className?: string }) {
  const choice = useThemeStore((s) => s.choice);
  const theme = useThemeStore((s) => s.theme);
  const choose = useThemeStore((s) => s.choose);
  const { t } = useTranslation();
  const { icon: Icon, next } = CHOICES[choice];
  const name = t(NAMES[choice]);
  const current = choice === 'system' ? t('theme.system', { name, theme: t(SHOWING[theme]) }) : name;
  const label = t('theme.label', { current, next: t(NAMES[next]) });

  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-theme-choice={choice}
      onClick={() => choose(next)}
      className={`size-9 shrink-0 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 sm:size-10 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-slate-100 dark:focus-visible:outline-slate-300 ${className}`}
    >
      <Icon aria-hidden className="size-5" />
    </button>
  );
}
