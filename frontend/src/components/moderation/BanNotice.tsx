import { Ban } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatBanEnd } from '../../lib/moderation-format';
import { useBanStore } from '../../stores/ban';

/**
 * A strip under the header while the signed-in user is banned: why posting and commenting are closed
 * and until when. It disappears by itself when the ban ends.
 */
export function BanNotice({ userId }: { userId: string }) {
  const ban = useBanStore((s) => s.ban);
  const load = useBanStore((s) => s.load);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    void load();
  }, [load, userId]);

  const endsAt = ban ? new Date(ban.bannedUntil).getTime() : 0;
  useEffect(() => {
    if (!ban) return;
    const remaining = endsAt - Date.now();
    // setTimeout overflows beyond ~24.8 days; re-check at most daily.
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.min(Math.max(remaining, 0) + 500, 86_400_000),
    );
    return () => window.clearTimeout(timer);
  }, [ban, endsAt, now]);

  if (!ban || endsAt <= now) return null;
  return (
    <div role="status" className="border-t border-red-200 bg-red-50">
      <p className="mx-auto flex max-w-6xl items-start gap-2 px-3 py-2 text-sm text-red-900 sm:items-center sm:px-6">
        <Ban aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600 sm:mt-0" />
        <span>
          <span className="font-semibold">
            You are banned from posting and commenting until {formatBanEnd(ban.bannedUntil)}.
          </span>{' '}
          Reason: {ban.reason}
        </span>
      </p>
    </div>
  );
}
