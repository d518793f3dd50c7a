import type { Report, ReportCategory, ReportTargetType } from '@piste/contracts';
import i18next from 'i18next';
import { intlLocale } from '../i18n/languages';

// Made on first use, one per language: building a formatter costs the first load a noticeable slice of a phone's CPU.
const dateTimes = new Map<string, Intl.DateTimeFormat>();
const dateTimesWithZone = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `locale` in `cache`, made the first time it is asked for. */
function formatterOf(
  cache: Map<string, Intl.DateTimeFormat>,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(locale, format);
  }
  return format;
}

/** 'Nov 23, 2026, 10:00 AM' in the viewer's time zone; 'N/A' when there is no date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return i18next.t('common:notAvailable');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return i18next.t('common:notAvailable');
  return formatterOf(dateTimes, intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The end of a ban, with the time zone so nobody misreads it: 'Nov 23, 2026, 10:00 AM UTC'. */
export function formatBanEnd(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // dateStyle/timeStyle cannot be combined with timeZoneName, so the fields are spelled out.
  return formatterOf(dateTimesWithZone, intlLocale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** The keys of what a report is about, as the queue names it: Post, Comment, Message, Fencer. */
export const REPORT_TARGET_LABELS = {
  post: 'common:report.targets.post',
  comment: 'common:report.targets.comment',
  message: 'common:report.targets.message',
  user: 'common:report.targets.user',
} as const satisfies Record<ReportTargetType, string>;

/** The keys of the report categories' names: Spam, Harassment, ... */
export const REPORT_CATEGORY_KEYS = {
  spam: 'common:report.categories.spam',
  harassment: 'common:report.categories.harassment',
  hate: 'common:report.categories.hate',
  violence: 'common:report.categories.violence',
  sexual: 'common:report.categories.sexual',
  'self-harm': 'common:report.categories.self-harm',
  impersonation: 'common:report.categories.impersonation',
  other: 'common:report.categories.other',
} as const satisfies Record<ReportCategory, string>;

/** A report's heading: its category's label, or the spec's free-text reason. */
export function reportHeading(report: Pick<Report, 'category' | 'reason'>): string {
  return report.category ? i18next.t(REPORT_CATEGORY_KEYS[report.category]) : report.reason;
}

/** The id under a report's heading: the spec's post id, or the reported item's (none once a fencer is gone). */
export function reportedItemId(report: Pick<Report, 'targetType' | 'targetId' | 'postId'>) {
  const id = report.targetType === 'post' ? report.postId : report.targetId;
  return id
    ? {
        term: i18next.t('common:report.itemId', {
          target: i18next.t(REPORT_TARGET_LABELS[report.targetType]),
        }),
        id,
      }
    : null;
}
