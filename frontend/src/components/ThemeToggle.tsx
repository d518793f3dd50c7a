import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useThemeStore, type ThemeChoice } from '../stores/theme';

const CHOICES: Record<ThemeChoice, { icon: LucideIcon; name: string; next: ThemeChoice }> = {
  system: { icon: Monitor, name: 'system theme', next: 'light' },
  light: { icon: Sun, name: 'light theme', next: 'dark' },
  dark: { icon: Moon, name: 'dark theme', next: 'system' },
};

/**
 * One button that steps through system → light → dark → system; its name says the current and the next theme.
 * `className` sets its display (e.g. 'hidden md:flex').
 */
export function ThemeToggle({ className = 'flex' }: { className?: string }) {
  const choice = useThemeStore((s) => s.choice);
  const theme = useThemeStore((s) => s.theme);
  const choose = useThemeStore((s) => s.choose);
  const { icon: Icon, name, next } = CHOICES[choice];
  const current = choice === 'system' ? `${name} (${theme})` : name;
  const label = `Theme: ${current}. Switch to ${CHOICES[next].name}`;

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
