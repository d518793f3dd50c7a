/** A post's age as the spec words it: 'Just now' under an hour, then '{n} hours ago', then '{n} days ago'. */
export function postTimeAgo(iso: string, now = Date.now()): string {
  const hours = Math.floor((now - new Date(iso).getTime()) / 3_600_000);
  if (!Number.isFinite(hours) || hours < 1) return 'Just now';
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
