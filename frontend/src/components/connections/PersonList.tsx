import { Check, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../Button';

interface PersonListProps<T> {
  people: T[];
  /** While the first load runs, grey rows stand in for the list. */
  loading: boolean;
  label: string;
  /** Shown when there is nobody to list. */
  empty: ReactNode;
  /** One PersonCard (with its key) per entry. */
  children: (entry: T) => ReactNode;
}

/** A list of fencers on the Connections page, with its loading rows and its empty state. */
export function PersonList<T>({ people, loading, label, empty, children }: PersonListProps<T>) {
  if (loading && people.length === 0) return <PersonListSkeleton />;
  if (people.length === 0) return empty;
  return (
    <ul className="space-y-3" aria-label={label}>
      {people.map(children)}
    </ul>
  );
}

/** Grey placeholder rows while a list loads. */
export function PersonListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul aria-hidden className="space-y-3">
      {Array.from({ length: rows }, (_, index) => (
        <li
          key={index}
          className="flex animate-pulse items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <span className="size-12 shrink-0 rounded-full bg-slate-200 dark:bg-slate-700" />
          <span className="flex-1 space-y-2">
            <span className="block h-3.5 w-40 rounded bg-slate-200 dark:bg-slate-700" />
            <span className="block h-3 w-24 rounded bg-slate-100 dark:bg-slate-800" />
          </span>
          <span className="h-9 w-24 rounded-lg bg-slate-100 dark:bg-slate-800" />
        </li>
      ))}
    </ul>
  );
}

interface PersonButtonProps {
  /** Whom the button acts on, for screen readers. */
  name?: string;
  disabled: boolean;
  onClick: () => void;
  className: string;
}

/** Accepts a connection request from `name` (requests, Discover). */
export function AcceptRequestButton({ name, disabled, onClick, className }: PersonButtonProps) {
  const { t } = useTranslation('people');
  return (
    <Button
      onClick={onClick}
      disabled={disabled}
      aria-label={t('connections.acceptLabel', { name })}
      className={className}
    >
      <Check aria-hidden className="size-4" />
      {t('connectionAction.accept')}
    </Button>
  );
}

/** Unblocks a fencer (a blocked connection, or a blocked user outside them). */
export function UnblockButton({ name, disabled, onClick, className }: PersonButtonProps) {
  const { t } = useTranslation('people');
  return (
    <Button
      variant="outline"
      onClick={onClick}
      disabled={disabled}
      aria-label={name ? t('connections.unblockLabel', { name }) : undefined}
      className={className}
    >
      <ShieldCheck aria-hidden className="size-4" />
      {t('connections.unblock')}
    </Button>
  );
}
