import type { ReactNode } from 'react';

/** A titled card of an account's page. */
export function AdminSection({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  /** Beside the title, e.g. a link to more. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 sm:px-5 dark:border-slate-800">
        <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-slate-100">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** What a section says when it has nothing to list. */
export function NothingYet({ children }: { children: ReactNode }) {
  return (
    <p className="px-4 py-6 text-center text-sm text-slate-500 sm:px-5 dark:text-slate-400">{children}</p>
  );
}
