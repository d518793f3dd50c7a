import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Where the placeholder sits: `card` on its own in a page (dashed outline), `panel` inside a bordered list,
 * `compact` inside a popover, `pane` filling an empty side of a split view.
 */
export type EmptyStateLook = 'card' | 'panel' | 'compact' | 'pane';

const looks: Record<
  EmptyStateLook,
  { box: string; badge: string; icon: string; title: string; text: string }
> = {
  card: {
    box: 'rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 dark:border-slate-700 dark:bg-slate-900',
    badge: 'size-12 bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
    icon: 'size-6',
    title: 'text-base',
    text: 'max-w-sm',
  },
  panel: {
    box: 'px-6 py-16',
    badge: 'size-16 bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500',
    icon: 'size-8',
    title: 'text-base',
    text: 'max-w-xs',
  },
  compact: {
    box: 'px-6 py-10',
    badge: 'size-12 bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500',
    icon: 'size-6',
    title: 'text-sm',
    text: 'max-w-xs',
  },
  pane: {
    box: 'flex-1 justify-center bg-slate-50/60 px-6 dark:bg-slate-800/50',
    badge:
      'size-14 bg-white text-slate-500 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-700',
    icon: 'size-7',
    title: 'text-lg',
    text: 'max-w-xs',
  },
};

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
  look?: EmptyStateLook;
  /** A pane's placeholder heads its region; elsewhere the title is plain text. */
  heading?: boolean;
}

/** A friendly placeholder for a list, or a pane, with nothing to show. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  look = 'card',
  heading = false,
}: EmptyStateProps) {
  const style = looks[look];
  const Title = heading ? 'h2' : 'p';
  return (
    <div className={`flex flex-col items-center text-center ${style.box}`}>
      <span className={`flex items-center justify-center rounded-full ${style.badge}`}>
        <Icon aria-hidden className={style.icon} />
      </span>
      <Title className={`mt-4 font-semibold text-slate-900 dark:text-slate-100 ${style.title}`}>
        {title}
      </Title>
      {description ? (
        <p className={`mt-1 text-sm text-slate-500 dark:text-slate-400 ${style.text}`}>{description}</p>
      ) : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
