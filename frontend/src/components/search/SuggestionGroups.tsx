import type { Club, FeedPost, SearchUser } from '@piste/contracts';
import { ArrowRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ClubSummary } from './ClubSummary';
import { FencerSummary } from './FencerSummary';
import { PostSummary } from './PostSummary';

/** One choice in the dropdown; `key` stays the same while the answer changes under the user's arrow keys. */
export type SearchOption =
  | { key: string; kind: 'post'; href: string; post: FeedPost }
  | { key: string; kind: 'fencer'; href: string; user: SearchUser }
  | { key: string; kind: 'club'; href: string; club: Club }
  | { key: 'all'; kind: 'all'; href: string };

interface GroupsProps {
  options: SearchOption[];
  /** The options answer an earlier text while the current one is on its way. */
  stale: boolean;
  activeIndex: number;
  optionId: (index: number) => string;
  query: string;
  onChoose: (href: string) => void;
  onHover: (key: string) => void;
}

/** The dropdown's options, grouped: posts, fencers, clubs, then 'See all results'. */
export function SuggestionGroups({
  options,
  stale,
  activeIndex,
  optionId,
  query,
  onChoose,
  onHover,
}: GroupsProps) {
  const { t } = useTranslation();
  const option = (index: number, children: ReactNode) => (
    <div
      key={options[index].key}
      id={optionId(index)}
      role="option"
      aria-selected={index === activeIndex}
      // Keeps the focus in the box, so choosing with the mouse does not close the list first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(options[index].href)}
      onMouseMove={() => onHover(options[index].key)}
      className={`mx-1.5 cursor-pointer rounded-xl px-2.5 py-2 ${
        index === activeIndex ? 'bg-slate-100 dark:bg-slate-800' : ''
      }`}
    >
      {children}
    </div>
  );
  const summaryOf = (entry: SearchOption) =>
    entry.kind === 'post' ? (
      <PostSummary post={entry.post} query={query} />
    ) : entry.kind === 'fencer' ? (
      <FencerSummary user={entry.user} query={query} />
    ) : entry.kind === 'club' ? (
      <ClubSummary club={entry.club} query={query} />
    ) : null;
  const rowsOf = (kind: SearchOption['kind']) =>
    options.flatMap((entry, index) => (entry.kind === kind ? [option(index, summaryOf(entry))] : []));
  const groups = [
    { label: t('search.groups.posts'), rows: rowsOf('post') },
    { label: t('search.groups.fencers'), rows: rowsOf('fencer') },
    { label: t('search.groups.clubs'), rows: rowsOf('club') },
  ];
  const allIndex = options.findIndex((entry) => entry.kind === 'all');

  return (
    <div className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      {groups.map(({ label, rows }) =>
        rows.length ? (
          <Group key={label} label={label}>
            {rows}
          </Group>
        ) : null,
      )}
      {allIndex >= 0
        ? option(
            allIndex,
            <span className="flex items-center justify-between gap-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
              <span className="truncate">{t('search.seeAll', { query })}</span>
              <ArrowRight aria-hidden className="size-4 shrink-0" />
            </span>,
          )
        : null}
    </div>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="pb-1">
      <div
        id={labelId}
        role="presentation"
        className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
      >
        {label}
      </div>
      {children}
    </div>
  );
}
