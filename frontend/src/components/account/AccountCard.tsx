import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthShell } from '../AuthShell';

const TONES = {
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  success: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  error: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
} as const;

interface AccountCardProps {
  /**
   * Signed out, the card is the auth screen's (under the product's name, the page's h1); signed in, it stands in
   * the app's page and its title is the page's h1.
   */
  signedIn: boolean;
  icon: LucideIcon;
  /** Spins the icon while something is under way. */
  spinning?: boolean;
  tone?: keyof typeof TONES;
  title: string;
  description?: ReactNode;
  /** Reads the title and description out when they change (an outcome arriving). */
  announce?: boolean;
  children?: ReactNode;
}

/** A screen about the account reached from a mailed link or the sign-in screen: its icon, title, words and form. */
export function AccountCard({
  signedIn,
  icon: Icon,
  spinning = false,
  tone = 'neutral',
  title,
  description,
  announce = false,
  children,
}: AccountCardProps) {
  const Heading = signedIn ? 'h1' : 'h2';
  const body = (
    <>
      <div role={announce ? 'status' : undefined} className="mb-6 flex flex-col items-center text-center">
        <span className={`mb-3 flex size-12 items-center justify-center rounded-full ${TONES[tone]}`}>
          <Icon aria-hidden className={`size-6 ${spinning ? 'animate-spin' : ''}`} />
        </span>
        <Heading className="text-xl font-semibold text-slate-900 dark:text-slate-100">{title}</Heading>
        {description ? (
          <p className="mt-2 text-sm break-words text-slate-600 dark:text-slate-300">{description}</p>
        ) : null}
      </div>
      {children}
    </>
  );
  if (!signedIn) return <AuthShell>{body}</AuthShell>;
  return (
    <section className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      {body}
    </section>
  );
}
