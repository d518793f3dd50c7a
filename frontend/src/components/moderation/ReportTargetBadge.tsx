/** What a report is about ('Post', 'Comment', 'Message', 'Fencer'), under its status. */
export function ReportTargetBadge({ label }: { label: string }) {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700">
      {label}
    </span>
  );
}
