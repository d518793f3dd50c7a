import i18next from 'i18next';
import { RESOLVED_REPORTS_LIMIT, type BanDurationHours, type Report } from '@piste/contracts';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import * as moderationApi from '../api/moderation';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';
import { latestRequest } from './latest-request';

/**
 * The admin's report queue. It is filled by GET /api/reports and kept live by `report:new` and
 * `report:updated` (sent only to admins), so the Moderation screen and the header badge follow other
 * admins' work without a reload. After each own action the list is refetched, as the spec says.
 */

type QueueStatus = 'idle' | 'loading' | 'ready' | 'error';

interface ModerationState {
  /** Newest first. */
  reports: Report[];
  status: QueueStatus;
  /** Fetches the queue; keeps whatever a live event already brought. */
  load: () => Promise<void>;
  /** A report from a live event or an own action. */
  receive: (report: Report) => void;
  // The admin's own actions: each says how it went in a toast, and resolves to whether it worked.
  dismiss: (reportId: string) => Promise<boolean>;
  /** Removes the reported post (of a post report); the server then resolves the post's reports. */
  deletePost: (report: Report) => Promise<boolean>;
  /** Whether the report names someone to ban (the person it is against); says so when it does not. */
  canBanReported: (report: Report) => boolean;
  /** Bans the person the report is against: a post's or comment's author, a message's sender, the fencer. */
  banReported: (report: Report, durationHours: BanDurationHours, reason: string) => Promise<boolean>;
  reset: () => void;
}

/**
 * How far a report has moved: it only ever goes from pending to a final status and gains audit entries,
 * so of two copies (a fetched one and one from an event) the more advanced is the newer.
 */
function progress(report: Report): number {
  return (
    (report.status === 'pending' ? 0 : 1_000_000) +
    report.actions.length * 2 +
    (report.target.deleted ? 1 : 0)
  );
}

function merge(current: Report[], incoming: Report[]): Report[] {
  const byId = new Map(current.map((r) => [r.id, r]));
  for (const report of incoming) {
    const known = byId.get(report.id);
    if (!known || progress(report) >= progress(known)) byId.set(report.id, report);
  }
  return [...byId.values()].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  );
}

/** A load drops the reply of any load before it; a reset drops them all. */
const latestLoad = latestRequest();

/** What a report whose person is gone (their account deleted) says when asked to ban them. */
function notFoundText(report: Report): string {
  return report.targetType === 'post'
    ? i18next.t('admin:toasts.postAuthorNotFound')
    : i18next.t('admin:toasts.userNotFound');
}

/** Deletes the reported post; one already gone (e.g. its author deleted it) leaves closing the report. */
async function deleteOrClose(report: Report, receive: (report: Report) => void): Promise<void> {
  if (!report.postId) throw new ApiError('Only a reported post can be deleted here', 400);
  try {
    await moderationApi.deleteReportedPost(report.postId);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    receive(await moderationApi.updateReport(report.id, 'resolved'));
  }
}

export const useModerationStore = create<ModerationState>()((set, get) => ({
  reports: [],
  status: 'idle',

  load: async () => {
    const isLatest = latestLoad.start();
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const reports = await moderationApi.fetchReports();
      if (!isLatest()) return;
      set((state) => ({ reports: merge(state.reports, reports), status: 'ready' }));
    } catch {
      if (isLatest()) set({ status: get().status === 'ready' ? 'ready' : 'error' });
    }
  },

  receive: (report) => set((state) => ({ reports: merge(state.reports, [report]) })),

  dismiss: async (reportId) => {
    try {
      get().receive(await moderationApi.updateReport(reportId, 'dismissed'));
    } catch {
      notify.error(i18next.t('admin:toasts.error'), i18next.t('admin:toasts.updateFailed'));
      return false;
    }
    notify.success(i18next.t('admin:toasts.updated'));
    void get().load();
    return true;
  },

  deletePost: async (report) => {
    try {
      await deleteOrClose(report, get().receive);
    } catch {
      notify.error(i18next.t('admin:toasts.error'), i18next.t('admin:toasts.deletePostFailed'));
      return false;
    }
    // The server resolved the report itself: the refetched queue no longer shows it when the toast does.
    await get().load();
    notify.success(i18next.t('admin:toasts.postDeleted'), i18next.t('admin:toasts.postDeletedDetail'));
    return true;
  },

  canBanReported: (report) => {
    if (report.targetUserId) return true;
    notify.error(i18next.t('admin:toasts.error'), notFoundText(report));
    return false;
  },

  banReported: async (report, durationHours, reason) => {
    try {
      if (!report.targetUserId) throw new ApiError(notFoundText(report), 404);
      await moderationApi.banUser({
        userId: report.targetUserId,
        reason,
        durationHours,
        reportId: report.id,
      });
    } catch (error) {
      notify.error(
        i18next.t('admin:toasts.banError'),
        errorMessage(error, i18next.t('admin:toasts.banFailed')),
      );
      return false;
    }
    await get().load();
    notify.success(i18next.t('admin:toasts.banned'), i18next.t('admin:toasts.bannedDetail'));
    return true;
  },

  reset: () => {
    latestLoad.drop();
    set({ reports: [], status: 'idle' });
  },
}));

/** Reports still waiting for an admin, newest first. */
export function selectPendingReports(state: Pick<ModerationState, 'reports'>): Report[] {
  return state.reports.filter((r) => r.status === 'pending');
}

export function selectPendingCount(state: Pick<ModerationState, 'reports'>): number {
  return state.reports.reduce((count, r) => count + (r.status === 'pending' ? 1 : 0), 0);
}

/** Handled reports: how many, and the first ones the screen lists. */
export function splitResolved(reports: Report[]): { count: number; shown: Report[] } {
  const resolved = reports.filter((r) => r.status !== 'pending');
  return { count: resolved.length, shown: resolved.slice(0, RESOLVED_REPORTS_LIMIT) };
}

screenStoreLoaded('moderation', useModerationStore);
