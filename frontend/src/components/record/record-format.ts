import type { Bout } from '@piste/contracts';

/** A fencer as the record names them: their name, else their username. */
export const fencerNameOf = (fencer: { name: string | null; username: string }) =>
  fencer.name?.trim() || fencer.username;

/** The bout's other fencer: a fencer on Piste, a name, or someone whose account is gone. */
export const opponentNameOf = (bout: Bout) =>
  bout.opponent ? fencerNameOf(bout.opponent) : (bout.opponentName ?? 'A former fencer');

/** "5–3", the fencer's touches first. */
export const scoreText = (bout: Pick<Bout, 'scoreFor' | 'scoreAgainst'>) =>
  `${bout.scoreFor}–${bout.scoreAgainst}`;

/** An indicator as pools write it: +4, −2, 0. */
export function indicatorText(indicator: number): string {
  if (indicator > 0) return `+${indicator}`;
  if (indicator < 0) return `−${-indicator}`;
  return '0';
}

/** A bout's day (YYYY-MM-DD) as the viewer reads dates, e.g. "26 Nov 2026"; the day itself, not a moment. */
export function boutDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Today on the viewer's calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
