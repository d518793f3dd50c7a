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
