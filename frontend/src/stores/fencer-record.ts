import type { Bout, CreateBoutPayload, FencerRecord, HeadToHead, Weapon } from '@piste/contracts';
import i18next from 'i18next';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import * as recordApi from '../api/record';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';

type RecordStatus = 'loading' | 'ready' | 'hidden' | 'error';

/** Why a fencer's record is closed to the viewer: they share it with their connections only, or with nobody. */
export type RecordHiddenReason = 'connections' | 'private';

/** How many bouts a page of the log shows: the log sits beside the posts, so it comes a few at a time. */
export const BOUTS_PER_PAGE = 10;

/**
 * The record on the fencer page that is open (/u/{username}): ratings and totals, the bout log a page at a time,
 * and the viewer against that fencer; with the actions on bouts (log, confirm, dispute, delete).
 */
interface FencerRecordState {
  /** Whose record this is (the username as the address spells it, lower-cased). */
  username: string | null;
  /** The record is the viewer's own: no head-to-head, and bouts logged against them wait for their answer. */
  own: boolean;
  /** The page is on screen: live news about bouts refreshes it. */
  shown: boolean;
  status: RecordStatus;
  record: FencerRecord | null;
  /** Set while `status` is 'hidden'. */
  hiddenBecause: RecordHiddenReason | null;
  /** The weapon the bout log is narrowed to; null for all. */
  weapon: Weapon | null;
  bouts: Bout[];
  boutsCursor: string | null;
  loadingMore: boolean;
  /** The viewer against this fencer; null on the viewer's own page. */
  headToHead: HeadToHead | null;
  /** The bouts (by id) being confirmed, disputed or deleted. */
  busy: string[];
  /** A bout is being logged. */
  logging: boolean;
  /** Shows `username`'s record (`own`: the viewer's); the same fencer again is fetched behind what is shown. */
  open: (username: string, own: boolean) => Promise<void>;
  /** The page of `username` is no longer on screen. */
  leave: (username: string) => void;
  /** Fetches the record, the first page of bouts and the head-to-head again. */
  refresh: () => Promise<void>;
  /** Refreshes the record if its page is on screen (a bout was logged, confirmed or disputed). */
  refreshIfShown: () => Promise<void>;
  /** Narrows the bout log to one weapon (null: all). */
  showWeapon: (weapon: Weapon | null) => Promise<void>;
  loadMore: () => Promise<void>;
  /** Logs a bout from the viewer's side and says so. Rejects with the server's text (the form shows it). */
  logBout: (payload: CreateBoutPayload) => Promise<void>;
  /** The viewer confirms (or disputes) a bout the other fencer logged against them. */
  answer: (bout: Bout, confirm: boolean) => Promise<void>;
  /** The viewer takes back a bout they logged. */
  remove: (bout: Bout) => Promise<void>;
  reset: () => void;
}

const INITIAL = {
  username: null,
  own: false,
  shown: false,
  status: 'loading',
  record: null,
  hiddenBecause: null,
  weapon: null,
  bouts: [],
  boutsCursor: null,
  loadingMore: false,
  headToHead: null,
  busy: [],
  logging: false,
} satisfies Partial<FencerRecordState>;

/** A fetch of the record drops any reply started before it (or for another fencer). */
let sequence = 0;

const nameOf = (fencer: { name: string | null; username: string }) => fencer.name?.trim() || fencer.username;

/** The bout's other fencer as the toasts name them. */
const opponentOf = (bout: Bout) =>
  bout.opponent
    ? nameOf(bout.opponent)
    : (bout.opponentName ?? i18next.t('people:record.toasts.otherFencer'));

/**
 * The log after a refresh: the new first page, then the older bouts already shown past it (so a live refresh
 * does not fold up what Load More opened); just the first page when the two no longer meet.
 */
function withOlderShown(
  shown: Bout[],
  shownCursor: string | null,
  page: { bouts: Bout[]; nextCursor: string | null },
): { bouts: Bout[]; boutsCursor: string | null } {
  const last = page.bouts.at(-1);
  const meets = page.nextCursor && last ? shown.findIndex((bout) => bout.id === last.id) : -1;
  if (meets < 0 || meets === shown.length - 1) return { bouts: page.bouts, boutsCursor: page.nextCursor };
  return { bouts: [...page.bouts, ...shown.slice(meets + 1)], boutsCursor: shownCursor };
}

export const useFencerRecordStore = create<FencerRecordState>()((set, get) => {
  /** Runs an action on one bout, once at a time, then shows the record as it now is. */
  async function onBout(bout: Bout, action: () => Promise<void>, failure: string): Promise<void> {
    if (get().busy.includes(bout.id)) return;
    set((state) => ({ busy: [...state.busy, bout.id] }));
    try {
      await action();
    } catch (error) {
      notify.error(failure, errorMessage(error, i18next.t('common:errors.tryAgainLater')));
    } finally {
      set((state) => ({ busy: state.busy.filter((id) => id !== bout.id) }));
    }
    await get().refresh();
  }

  return {
    ...INITIAL,

    open: async (username, own) => {
      if (username !== get().username) {
        sequence++;
        set({ ...INITIAL, username, own });
      }
      set({ shown: true, own });
      await get().refresh();
    },

    leave: (username) => {
      if (get().username === username) set({ shown: false });
    },

    refresh: async () => {
      const { username, own, weapon } = get();
      if (!username) return;
      const started = ++sequence;
      const [record, page, headToHead] = await Promise.allSettled([
        recordApi.fetchFencerRecord(username),
        recordApi.fetchBouts(username, { weapon, limit: BOUTS_PER_PAGE }),
        own ? Promise.resolve(null) : recordApi.fetchHeadToHead(username),
      ]);
      if (started !== sequence) return;
      if (record.status === 'rejected') {
        // The page says when the fencer is gone; here the record keeps what it showed, or offers a retry.
        set((state) => ({ status: state.status === 'ready' ? 'ready' : 'error' }));
        return;
      }
      if (!record.value.visible) {
        set({
          status: 'hidden',
          record: record.value,
          hiddenBecause: record.value.sharedWith === 'connections' ? 'connections' : 'private',
          bouts: [],
          boutsCursor: null,
          headToHead: null,
        });
        return;
      }
      set((state) => ({
        status: 'ready',
        record: record.value,
        hiddenBecause: null,
        ...(page.status === 'fulfilled' ? withOlderShown(state.bouts, state.boutsCursor, page.value) : {}),
        headToHead: headToHead.status === 'fulfilled' ? headToHead.value : state.headToHead,
      }));
    },

    refreshIfShown: async () => {
      if (get().shown) await get().refresh();
    },

    showWeapon: async (weapon) => {
      if (weapon === get().weapon) return;
      set({ weapon, bouts: [], boutsCursor: null });
      await get().refresh();
    },

    loadMore: async () => {
      const { username, weapon, boutsCursor, loadingMore } = get();
      if (!username || !boutsCursor || loadingMore) return;
      const started = sequence;
      set({ loadingMore: true });
      try {
        const next = await recordApi.fetchBouts(username, {
          weapon,
          limit: BOUTS_PER_PAGE,
          before: boutsCursor,
        });
        if (started !== sequence) return;
        set((state) => {
          const shown = new Set(state.bouts.map((bout) => bout.id));
          return {
            bouts: [...state.bouts, ...next.bouts.filter((bout) => !shown.has(bout.id))],
            boutsCursor: next.nextCursor,
            loadingMore: false,
          };
        });
      } catch (error) {
        if (started !== sequence) return;
        set({ loadingMore: false });
        notify.error(
          i18next.t('people:record.toasts.fetchFailed'),
          errorMessage(error, i18next.t('common:errors.tryAgainLater')),
        );
      }
    },

    logBout: async (payload) => {
      set({ logging: true });
      try {
        const bout = await recordApi.logBout(payload);
        notify.success(
          i18next.t('people:record.toasts.logged'),
          bout.status === 'unconfirmed'
            ? i18next.t('people:record.toasts.loggedUnconfirmed', { name: opponentOf(bout) })
            : i18next.t('people:record.toasts.loggedRecorded'),
        );
      } catch (error) {
        const message = errorMessage(error, i18next.t('people:record.logForm.failed'));
        notify.error(i18next.t('people:record.toasts.logFailed'), message);
        throw new Error(message, { cause: error });
      } finally {
        set({ logging: false });
      }
      await get().refreshIfShown();
    },

    answer: (bout, confirm) =>
      onBout(
        bout,
        async () => {
          await recordApi.answerBout(bout.id, confirm);
          if (confirm) {
            notify.success(
              i18next.t('people:record.toasts.confirmed'),
              i18next.t('people:record.toasts.confirmedDetail'),
            );
          } else {
            notify.success(
              i18next.t('people:record.toasts.disputed'),
              i18next.t('people:record.toasts.disputedDetail', { name: opponentOf(bout) }),
            );
          }
        },
        confirm
          ? i18next.t('people:record.toasts.confirmFailed')
          : i18next.t('people:record.toasts.disputeFailed'),
      ),

    remove: (bout) =>
      onBout(
        bout,
        async () => {
          await recordApi.deleteBout(bout.id);
          notify.success(
            i18next.t('people:record.toasts.deleted'),
            i18next.t('people:record.toasts.deletedDetail'),
          );
        },
        i18next.t('people:record.toasts.deleteFailed'),
      ),

    reset: () => {
      sequence++;
      set(INITIAL);
    },
  };
});

screenStoreLoaded('fencer-record', useFencerRecordStore);
