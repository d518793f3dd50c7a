import { useEffect, useState } from 'react';

/** The Messages page's relative times: 'Just now', '{n}m ago', '{n}h ago', '{n}d ago'. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const created = Date.parse(iso);
  if (Number.isNaN(created)) return '';
  const minutes = Math.floor((now - created) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** The current time, refreshed every `intervalMs`, so relative times move on by themselves. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Case-insensitive name match, as the spec asks for both lists. */
export function nameMatches(name: string | null | undefined, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (name ?? '').toLowerCase().includes(q);
}
