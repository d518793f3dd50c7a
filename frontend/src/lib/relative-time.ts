import { useEffect, useState } from 'react';

/**
 * The spec's relative times, in one place:
 * - `post`: 'Just now' under an hour, then '{n} hours ago', '{n} days ago' (posts and comments);
 * - `minutes`: the same with '{n} minutes ago' under an hour (notifications, connection requests);
 * - `compact`: 'Just now', '{n}m ago', '{n}h ago', '{n}d ago' (the Messages page).
 */
export type TimeStyle = 'post' | 'minutes' | 'compact';

export function timeAgo(iso: string, style: TimeStyle, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (!Number.isFinite(minutes)) return style === 'compact' ? '' : 'Just now';
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (style === 'compact') {
    if (minutes < 1) return 'Just now';
    if (minutes < 60) return `${minutes}m ago`;
    return hours < 24 ? `${hours}h ago` : `${days}d ago`;
  }
  if (minutes < 1 || (style === 'post' && hours < 1)) return 'Just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** A relative time inside a sentence: 'Last active just now', 'Added 3 days ago'. */
export const inSentence = (time: string) => (time === 'Just now' ? 'just now' : time);

/** The current time, refreshed every `intervalMs`, so relative times move on by themselves. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
