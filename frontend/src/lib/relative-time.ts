import i18next from 'i18next';
import { useEffect, useState } from 'react';

/**
 * The spec's relative times, in one place (in the language shown):
 * - `post`: 'Just now' under an hour, then '{n} hours ago', '{n} days ago' (posts and comments);
 * - `minutes`: the same with '{n} minutes ago' under an hour (notifications, connection requests);
 * - `compact`: 'Just now', '{n}m ago', '{n}h ago', '{n}d ago' (the Messages page).
 */
export type TimeStyle = 'post' | 'minutes' | 'compact';

export function timeAgo(iso: string, style: TimeStyle, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  const t = i18next.t;
  if (!Number.isFinite(minutes)) return style === 'compact' ? '' : t('time.justNow');
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (style === 'compact') {
    if (minutes < 1) return t('time.justNow');
    if (minutes < 60) return t('time.compact.minutes', { count: minutes });
    return hours < 24 ? t('time.compact.hours', { count: hours }) : t('time.compact.days', { count: days });
  }
  if (minutes < 1 || (style === 'post' && hours < 1)) return t('time.justNow');
  if (minutes < 60) return t('time.minutesAgo', { count: minutes });
  if (hours < 24) return t('time.hoursAgo', { count: hours });
  return t('time.daysAgo', { count: days });
}

/** A relative time inside a sentence: 'Last active just now', 'Added 3 days ago'. */
export const inSentence = (time: string) =>
  time === i18next.t('time.justNow') ? i18next.t('time.justNowInSentence') : time;

/** The current time, refreshed every `intervalMs`, so relative times move on by themselves. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
