import type { ReactNode } from 'react';

interface ReportFactsProps {
  /** What is known about the report (when, by whom), in order; the reported item's id always comes last. */
  facts: { term: string; detail: ReactNode }[];
  /** 'Post ID:' and the post's id, or the comment's, message's or fencer's; none once a fencer is gone. */
  itemId: { term: string; id: string } | null;
}

/** The small print under a report's heading, pending or resolved. */
export function ReportFacts({ facts, itemId }: ReportFactsProps) {
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
      {facts.map(({ term, detail }) => (
        <div key={term} className="flex gap-1">
          <dt className="whitespace-nowrap">{term}</dt>
          <dd className="font-medium text-slate-700 dark:text-slate-300">{detail}</dd>
        </div>
      ))}
      {itemId ? (
        <div className="flex min-w-0 gap-1">
          <dt className="whitespace-nowrap">{itemId.term}</dt>
          <dd className="truncate font-mono text-slate-700 dark:text-slate-300">{itemId.id}</dd>
        </div>
      ) : null}
    </dl>
  );
}
