import { REPORT_CATEGORY_LABELS, type Report, type ReportTargetType } from '@piste/contracts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// dateStyle/timeStyle cannot be combined with timeZoneName, so the fields are spelled out.
const dateTimeWithZone = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Nov 23, 2026, 10:00 AM' in the viewer's time zone; 'N/A' when there is no date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateTime.format(date);
}

/** The end of a ban, with the time zone so nobody misreads it: 'Nov 23, 2026, 10:00 AM UTC'. */
export function formatBanEnd(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeWithZone.format(date);
}

/** What a report is about, as the queue names it. */
export const REPORT_TARGET_LABELS: Record<ReportTargetType, string> = {
  post: 'Post',
  comment: 'Comment',
  message: 'Message',
  user: 'Fencer',
};

/** A report's heading: its category's label, or the spec's free-text reason. */
export function reportHeading(report: Pick<Report, 'category' | 'reason'>): string {
  return report.category ? REPORT_CATEGORY_LABELS[report.category] : report.reason;
}

/** The id under a report's heading: the spec's post id, or the reported item's (none once a fencer is gone). */
export function reportedItemId(report: Pick<Report, 'targetType' | 'targetId' | 'postId'>) {
  const id = report.targetType === 'post' ? report.postId : report.targetId;
  return id ? { term: `${REPORT_TARGET_LABELS[report.targetType]} ID:`, id } : null;
}
