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
