import type { Weapon } from '@piste/contracts';
import { TrendingUp } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from '../lib/router';
import { tagPath } from '../lib/paths';
import { useTrendingTagsStore, type TrendingTag } from '../stores/trending-tags';

interface TrendingTagsProps {
  weapon: Weapon;
  /** `card` in the feed's side column; `row`, one line that scrolls sideways, above a phone's feed. */
  look: 'card' | 'row';
  className?: string;
}

/**
 * The feed's most used tags of the last 7 days, each leading to the tag's posts in the same weapon; nothing
 * at all while there are none (the trending-tags store fetches them with the feed).
 */
export function TrendingTags({ weapon, look, className = '' }: TrendingTagsProps) {
  const shownWeapon = useTrendingTagsStore((s) => s.weapon);
  const tags = useTrendingTagsStore((s) => s.tags);
  if (shownWeapon !== weapon || tags.length === 0) return null;
  return look === 'card' ? (
    <TagCard tags={tags} weapon={weapon} className={className} />
  ) : (
    <TagRow tags={tags} weapon={weapon} className={className} />
  );
}

interface TagListProps {
  tags: TrendingTag[];
  weapon: Weapon;
  className: string;
}

function TagCard({ tags, weapon, className }: TagListProps) {
  const { t } = useTranslation('feed');
  return (
    <nav
      aria-label={t('trending.label')}
      className={`rounded-2xl border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <p className="flex items-center gap-1.5 px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        <TrendingUp aria-hidden className="size-3.5" />
        {t('trending.title')}
      </p>
      <ol>
        {tags.map(({ tag, postsCount }) => (
          <li key={tag}>
            <Link
              to={tagPath(tag, weapon)}
              className="flex items-baseline justify-between gap-3 rounded-xl px-3 py-2 text-sm transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-slate-900 dark:hover:bg-slate-800 dark:focus-visible:outline-slate-300"
            >
              <span className="min-w-0 truncate font-medium text-slate-900 dark:text-slate-100">#{tag}</span>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                {t('trending.posts', { count: postsCount })}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function TagRow({ tags, weapon, className }: TagListProps) {
  const { t } = useTranslation('feed');
  return (
    <nav aria-label={t('trending.label')} className={`flex items-center gap-2 ${className}`}>
      <TrendingUp aria-hidden className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
      {/* One line whatever the count: the row scrolls sideways rather than pushing the posts down. */}
      <ol className="flex min-w-0 gap-2 overflow-x-auto [scrollbar-width:none]">
        {tags.map(({ tag, postsCount }) => (
          <li key={tag} className="shrink-0">
            <Link
              to={tagPath(tag, weapon)}
              className="inline-flex items-baseline gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-800 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-slate-300"
            >
              #{tag}
              <span aria-hidden className="text-xs text-slate-500 dark:text-slate-400">
                {postsCount}
              </span>
              <span className="sr-only">, {t('trending.posts', { count: postsCount })}</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
