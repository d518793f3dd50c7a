import type { FeedPost } from '@piste/contracts';
import i18next from 'i18next';
import { useTranslation } from '../i18n/use-translation';
import { intlLocale } from '../i18n/languages';
import { timeAgo } from '../lib/relative-time';
import { weaponFencer } from '../lib/weapons';

/** Who wrote a post, as cards and headings name them. */
export function authorNameOf(post: FeedPost): string {
  return post.author.name ?? post.author.username ?? i18next.t('unknownFencer');
}

/**
 * A post's date and time in full, as `Date.prototype.toLocaleString` words it. One formatter per language: making
 * one is costly, and a feed's first render words ten dates.
 */
const fullDateTimes = new Map<string, Intl.DateTimeFormat>();
export function fullDateTime(iso: string): string {
  const locale = intlLocale();
  let format = fullDateTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    fullDateTimes.set(locale, format);
  }
  return format.format(new Date(iso));
}

/**
 * Props that give an element its `title` when a pointer or focus first reaches it, rather than on every render:
 * the first date a page words costs more than a whole post card (the browser loads its locale data), and a feed's
 * first screen would pay it for tooltips nobody has asked for yet.
 */
export function titledOnHover(title: () => string) {
  const give = (event: { currentTarget: HTMLElement }) => {
    if (!event.currentTarget.title) event.currentTarget.title = title();
  };
  return { onPointerEnter: give, onFocus: give };
}

/** The line under a post's author: their title (or '{weapon} fencer') and how long ago they posted. */
export function PostByline({ post, className = '' }: { post: FeedPost; className?: string }) {
  useTranslation();
  return (
    <p className={`truncate text-sm text-slate-500 dark:text-slate-400 ${className}`}>
      {post.author.title || weaponFencer(post.weapon)}
      <span aria-hidden> · </span>
      <time dateTime={post.createdAt} {...titledOnHover(() => fullDateTime(post.createdAt))}>
        {timeAgo(post.createdAt, 'post')}
      </time>
    </p>
  );
}
