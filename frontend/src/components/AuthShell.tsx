import { Swords } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';

/**
 * What every signed-out screen shares: the theme toggle, the product's name and tagline (the page's one h1), and
 * a card holding the screen itself, with the language menu at its foot.
 */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="relative flex min-h-screen flex-col items-center bg-gradient-to-b from-slate-100 to-slate-50 px-4 py-10 sm:justify-center sm:py-16 dark:from-slate-900 dark:to-slate-950">
      <main className="w-full max-w-md">
        <ThemeToggle className="absolute top-3 right-3 flex sm:top-4 sm:right-4" />
        <header className="mb-8 flex flex-col items-center text-center">
          <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-slate-900 text-white shadow-md dark:bg-slate-100 dark:text-slate-900">
            <Swords aria-hidden className="size-6" />
          </span>
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-slate-100">Piste</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('tagline')}</p>
        </header>

        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          {children}
          <LanguageSelect
            id="auth-language"
            className="mt-6 justify-center border-t border-slate-200 pt-4 dark:border-slate-800"
          />
        </div>
      </main>
    </div>
  );
}

/** A text link in the auth screens' style, e.g. 'Forgot password?' or 'Back to sign in'. */
export const AUTH_LINK_CLASSES =
  'rounded-sm text-sm font-semibold text-slate-700 underline-offset-2 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-slate-300 dark:hover:text-white dark:focus-visible:outline-slate-300';
