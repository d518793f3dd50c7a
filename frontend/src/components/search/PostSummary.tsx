import type { FeedPost } from '@piste/contracts';
import i18next from 'i18next';
import { Dumbbell, MessageSquareText, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { weaponLabel } from '../../lib/weapons';
import { HighlightWords } from './highlight';

const TYPE_ICONS = {
  general: {
    icon: MessageSquareText,
    colours: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
    label: 'search.postTypes.general',
  },
  drill: {
    icon: Dumbbell,
    colours: 'bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
    label: 'search.postTypes.drill',
  },
  achievement: {
    icon: Trophy,
    colours: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
    label: 'search.postTypes.achievement',
  },
} as const satisfies Record<FeedPost['type'], { icon: LucideIcon; colours: string; label: string }>;

/** A post's filled-in drill or achievement details as label and text: words that search also looks at. */
export function detailsOf(post: FeedPost): [string, string][] {
  const drill = post.drillDetails;
  const achievement = post.achievementDetails;
  const pairs: [string, string | number | null | undefined][] = drill
    ? [
        [i18next.t('search.details.focus'), drill.focus],
        [i18next.t('search.details.level'), drill.level],
        [i18next.t('search.details.duration'), drill.duration],
        [i18next.t('search.details.equipment'), drill.equipment],
      ]
    : achievement
      ? [
          [i18next.t('search.details.competition'), achievement.competition],
          [i18next.t('search.details.place'), achievement.place],
          [i18next.t('search.details.score'), achievement.score],
          [i18next.t('search.details.competitors'), achievement.competitors],
        ]
      : [];
  return pairs.flatMap(([label, value]) =>
    value === null || value === undefined || value === '' ? [] : [[label, String(value)]],
  );
}

function PostTypeIcon({ type }: { type: FeedPost['type'] }) {
  const { t } = useTranslation();
  const { icon: Icon, colours, label } = TYPE_ICONS[type];
  return (
    <span
      title={t(label)}
      className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${colours}`}
    >
      <Icon aria-hidden className="size-4" />
    </span>
  );
}

/** A drill's or an achievement's label on a result card; a general post has none. */
export function PostTypeChip({ type }: { type: FeedPost['type'] }) {
  const { t } = useTranslation();
  if (type === 'general') return null;
  const { icon: Icon, colours, label } = TYPE_ICONS[type];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ${colours}`}
    >
      <Icon aria-hidden className="size-3.5" />
      {t(label)}
    </span>
  );
}

/** A post as one search suggestion: its type, the start of its text, its details and who wrote it. */
export function PostSummary({ post, query }: { post: FeedPost; query: string }) {
  const { t } = useTranslation();
  const details = detailsOf(post)
    .map(([label, value]) => t('search.details.pair', { label, value }))
    .join(' · ');
  const author = post.author.name ?? post.author.username ?? t('unknownFencer');
  return (
    <span className="flex min-w-0 items-start gap-3">
      <PostTypeIcon type={post.type} />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm break-words text-slate-900 dark:text-slate-100">
          <HighlightWords text={post.content} query={query} />
        </span>
        {details ? (
          <span className="mt-0.5 block truncate text-xs text-slate-600 dark:text-slate-300">
            <HighlightWords text={details} query={query} />
          </span>
        ) : null}
        <span className="mt-0.5 block truncate text-xs text-slate-500 dark:text-slate-400">
          {author} · {weaponLabel(post.weapon)}
        </span>
      </span>
    </span>
  );
}
