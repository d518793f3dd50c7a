import type { Bout, BoutKind, RatingSystem } from '@piste/contracts';
import i18next from 'i18next';
import { intlLocale } from '../../i18n/languages';

/** The keys of the bout kinds' names: Pool, Direct elimination, Practice. */
export const BOUT_KIND_LABELS = {
  pool: 'people:record.kinds.pool',
  de: 'people:record.kinds.de',
  practice: 'people:record.kinds.practice',
} as const satisfies Record<BoutKind, string>;

/** The keys of the rating systems' names: USA Fencing, British Fencing, FIE world rank, Other. */
export const RATING_SYSTEM_LABELS = {
  USAF: 'people:record.systems.USAF',
  BF: 'people:record.systems.BF',
  FIE: 'people:record.systems.FIE',
  other: 'people:record.systems.other',
} as const satisfies Record<RatingSystem, string>;

/** A count of bouts or touches in the language shown. */
export const countText = (count: number) => new Intl.NumberFormat(intlLocale()).format(count);

/** A fencer as the record names them: their name, else their username. */
export const fencerNameOf = (fencer: { name: string | null; username: string }) =>
  fencer.name?.trim() || fencer.username;

/** The bout's other fencer: a fencer on Piste, a name, or someone whose account is gone. */
export const opponentNameOf = (bout: Bout) =>
  bout.opponent
    ? fencerNameOf(bout.opponent)
    : (bout.opponentName ?? i18next.t('people:record.formerFencer'));

/** "5–3", the fencer's touches first. */
export const scoreText = (bout: Pick<Bout, 'scoreFor' | 'scoreAgainst'>) =>
  `${countText(bout.scoreFor)}–${countText(bout.scoreAgainst)}`;

/** An indicator as pools write it: +4, −2, 0. */
export function indicatorText(indicator: number): string {
  if (indicator > 0) return `+${countText(indicator)}`;
  if (indicator < 0) return `−${countText(-indicator)}`;
  return countText(0);
}

/** A bout's day (YYYY-MM-DD) as the viewer reads dates, e.g. "26 Nov 2026"; the day itself, not a moment. */
export function boutDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale(), {
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
