import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
}

/** A friendly placeholder for a list with nothing to show. */
export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <Icon aria-hidden className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold text-slate-900 dark:text-slate-100">{title}</p>
      {description ? (
        <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">{description}</p>
      ) : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
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
