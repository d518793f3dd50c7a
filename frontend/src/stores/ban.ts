import type { Ban, BanLifted } from '@piste/contracts';
import i18next from 'i18next';
import { create } from 'zustand';
import * as moderationApi from '../api/moderation';
import { formatBanEnd } from '../lib/moderation-format';
import { notify } from '../lib/toast';
import { useSessionStore } from './session';

/**
 * The signed-in user's ban as the screens use it. The session user says until when (`bannedUntil`, from the
 * server and, live, from `ban:new`); this store turns that into "banned now" and switches itself off when the
 * time passes, without a reload. While `until` is set, the composer, comment and message boxes are closed and
 * the like and connect buttons say why (SECURITY.md, "Bans").
 */
interface BanState {
  /** When the ban ends (ISO time) while it lasts; null when the user may post. */
  until: string | null;
  /** Why, as the moderator wrote it; null until known. */
  reason: string | null;
}

export const useBanStore = create<BanState>()(() => ({ until: null, reason: null }));

/** setTimeout overflows beyond ~24.8 days (a 30-day ban is longer): look again at most daily. */
const MAX_TIMER_MS = 86_400_000;
let endTimer: ReturnType<typeof setTimeout> | null = null;

/** Follows the session user's `bannedUntil`: active until that time, then cleared by a timer. */
export function followBan(bannedUntil: string | null): void {
  if (endTimer !== null) clearTimeout(endTimer);
  endTimer = null;
  const remaining = bannedUntil ? Date.parse(bannedUntil) - Date.now() : Number.NaN;
  if (!bannedUntil || !(remaining > 0)) {
    useBanStore.setState({ until: null, reason: null });
    return;
  }
  const known = useBanStore.getState();
  useBanStore.setState({ until: bannedUntil, reason: known.until === bannedUntil ? known.reason : null });
  if (known.until !== bannedUntil) void loadReason(bannedUntil);
  endTimer = setTimeout(() => followBan(bannedUntil), Math.min(remaining, MAX_TIMER_MS));
}

/** The reason is a courtesy for the notice; the server refuses what a ban forbids regardless. */
async function loadReason(bannedUntil: string): Promise<void> {
  try {
    const ban = await moderationApi.fetchOwnBan();
    if (ban && useBanStore.getState().until === bannedUntil && ban.bannedUntil === bannedUntil) {
      useBanStore.setState({ reason: ban.reason });
    }
  } catch {
    // The notice shows the end time without a reason.
  }
}

/** The words every closed control shows: 'You are banned from posting until Nov 23, 2026, 10:00 AM UTC'. */
export function banNotice(until: string): string {
  return i18next.t('common:ban.notice', { until: formatBanEnd(until) });
}

/** When the signed-in user's ban ends while it lasts, else null; re-renders when it ends. */
export function useBannedUntil(): string | null {
  return useBanStore((s) => s.until);
}

/** A ban issued now (`ban:new`): shown at once, with its reason, and said in a toast. */
export function receiveBan(ban: Ban): void {
  const session = useSessionStore.getState();
  if (!session.user) return;
  const current = session.user.bannedUntil;
  // The event names the reason: no need to ask for it when this ban is the one that ends last.
  if (!current || Date.parse(ban.bannedUntil) > Date.parse(current)) {
    useBanStore.setState({ until: ban.bannedUntil, reason: ban.reason });
  }
  session.applyBan(ban.bannedUntil);
  notify.error(
    i18next.t('common:ban.toasts.banned'),
    i18next.t('common:ban.toasts.bannedDetail', { until: formatBanEnd(ban.bannedUntil), reason: ban.reason }),
  );
}

/**
 * An admin lifted a ban (`ban:lifted`): the session user is asked for again, which re-opens what the ban closed
 * (or keeps it closed until the end of another ban that lasts), and the user is told.
 */
export async function receiveBanLifted(lifted: BanLifted): Promise<void> {
  const session = useSessionStore.getState();
  if (!session.user) return;
  await session.refresh();
  if (lifted.bannedUntil === null)
    notify.success(i18next.t('common:ban.toasts.lifted'), i18next.t('common:ban.toasts.liftedDetail'));
}
