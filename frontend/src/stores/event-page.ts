import i18next from 'i18next';
import type {
  AttendanceStatus,
  CreateEventPayload,
  EventAttendance,
  EventPage,
  UpdateEventPayload,
} from '@piste/contracts';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import * as eventsApi from '../api/events';
import { notify } from '../lib/toast';
import { watchEvents } from '../realtime/event-watch';
import { screenStoreLoaded } from '../realtime/screen-stores';

const tryLater = () => i18next.t('common:errors.tryAgainLater');

type LoadStatus = 'loading' | 'ready' | 'not-found' | 'error';

/** The event open at /events/{id}: the event, its counts, the viewer's answer and who goes. */
interface EventPageState {
  id: string | null;
  page: EventPage | null;
  status: LoadStatus;
  /** The viewer's Going or Interested is on its way. */
  attending: boolean;
  /** Creating, saving an edit or cancelling the event is on its way. */
  acting: boolean;
  /** Shows the event `id` and follows its counts live; the same event again is fetched behind what is shown. */
  open: (id: string) => Promise<void>;
  /** The page is left: its counts are no longer followed (what was shown stays until another event opens). */
  close: () => void;
  /** Fetches the event again: its counts, who goes and the viewer's answer. */
  refresh: () => Promise<void>;
  /** Going, interested, or neither (null); the counts follow the server's reply. */
  attend: (status: AttendanceStatus | null) => Promise<void>;
  /** Creates an event and opens it; returns its id. Rejects with the server's text. */
  create: (payload: CreateEventPayload) => Promise<string>;
  /** Saves an edit of the open event. Rejects with the server's text. */
  update: (edit: UpdateEventPayload) => Promise<void>;
  /** Cancels (deletes) the open event; true once it is gone. */
  cancelEvent: () => Promise<boolean>;
  /** `event:attendance`: someone's answer changed the counts of an event shown. */
  receiveAttendance: (attendance: EventAttendance) => void;
  reset: () => void;
}

const INITIAL = {
  id: null,
  page: null,
  status: 'loading' as LoadStatus,
  attending: false,
  acting: false,
};

/** A fetch of the event drops any reply started before it (or for another event). */
let sequence = 0;
/** Whether a page shows the event: a closed one is neither followed nor fetched again. */
let shown = false;
/** Stops following the counts of the event shown; null when none is followed. */
let unwatch: (() => void) | null = null;
/** A refetch after live counts, so the list of who goes follows them; coalesced when answers come in a burst. */
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
/** How long live counts wait before the list of who goes is fetched again. */
export const ATTENDEES_REFRESH_MS = 400;

function stopWatching(): void {
  unwatch?.();
  unwatch = null;
}

function cancelRefresh(): void {
  if (refreshTimer !== null) clearTimeout(refreshTimer);
  refreshTimer = null;
}

export const useEventPageStore = create<EventPageState>()((set, get) => {
  function refreshSoon(): void {
    if (refreshTimer !== null) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      void get().refresh();
    }, ATTENDEES_REFRESH_MS);
  }

  function idOrThrow(): string {
    const { id } = get();
    if (!id) throw new Error('No event is open');
    return id;
  }

  return {
    ...INITIAL,

    open: async (id) => {
      shown = true;
      if (id !== get().id) {
        sequence++;
        stopWatching();
        cancelRefresh();
        set({ ...INITIAL, id });
      }
      await get().refresh();
    },

    close: () => {
      shown = false;
      // A reply on its way would follow the event again.
      sequence++;
      stopWatching();
      cancelRefresh();
    },

    refresh: async () => {
      const { id } = get();
      if (!id || !shown) return;
      const started = ++sequence;
      try {
        const page = await eventsApi.fetchEvent(id);
        if (started !== sequence) return;
        set({ page, status: 'ready' });
        // Followed once it is known to exist (the server takes only event ids).
        unwatch ??= watchEvents([page.event.id]);
      } catch (error) {
        if (started !== sequence) return;
        // A malformed id is refused with 400: no such event either way.
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          stopWatching();
          set({ ...INITIAL, id, status: 'not-found' });
          return;
        }
        set((state) => ({ status: state.status === 'ready' ? 'ready' : 'error' }));
        notify.error(i18next.t('events:toasts.loadFailed'), errorMessage(error, tryLater()));
      }
    },

    attend: async (status) => {
      const { id, attending } = get();
      if (!id || attending) return;
      set({ attending: true });
      try {
        const reply = await eventsApi.setAttendance(id, status);
        set((state) =>
          state.id === reply.eventId && state.page
            ? {
                page: {
                  ...state.page,
                  goingCount: reply.goingCount,
                  interestedCount: reply.interestedCount,
                  viewerStatus: reply.viewerStatus,
                },
              }
            : state,
        );
        // The viewer joins (or leaves) the list of who goes.
        refreshSoon();
      } catch (error) {
        notify.error(i18next.t('events:toasts.answerFailed'), errorMessage(error, tryLater()));
      } finally {
        set({ attending: false });
      }
    },

    create: async (payload) => {
      set({ acting: true });
      try {
        const page = await eventsApi.createEvent(payload);
        sequence++;
        stopWatching();
        cancelRefresh();
        set({ ...INITIAL, id: page.event.id, page, status: 'ready' });
        notify.success(
          i18next.t('events:toasts.created'),
          i18next.t('events:toasts.createdDetail', { title: page.event.title }),
        );
        return page.event.id;
      } catch (error) {
        const message = errorMessage(error, i18next.t('events:create.failed'));
        notify.error(i18next.t('events:toasts.createFailed'), message);
        throw new Error(message, { cause: error });
      } finally {
        set({ acting: false });
      }
    },

    update: async (edit) => {
      const id = idOrThrow();
      set({ acting: true });
      try {
        const page = await eventsApi.updateEvent(id, edit);
        sequence++;
        if (get().id === id) set({ page, status: 'ready' });
        notify.success(i18next.t('events:toasts.saved'));
      } catch (error) {
        const message = errorMessage(error, i18next.t('events:edit.failed'));
        notify.error(i18next.t('events:toasts.saveFailed'), message);
        throw new Error(message, { cause: error });
      } finally {
        set({ acting: false });
      }
    },

    cancelEvent: async () => {
      const { id, page, acting } = get();
      if (!id || acting) return false;
      set({ acting: true });
      try {
        await eventsApi.deleteEvent(id);
        sequence++;
        stopWatching();
        cancelRefresh();
        set(INITIAL);
        notify.success(
          i18next.t('events:toasts.cancelled'),
          page ? i18next.t('events:toasts.cancelledDetail', { title: page.event.title }) : undefined,
        );
        return true;
      } catch (error) {
        notify.error(i18next.t('events:toasts.cancelFailed'), errorMessage(error, tryLater()));
        return false;
      } finally {
        set({ acting: false });
      }
    },

    receiveAttendance: ({ eventId, goingCount, interestedCount }) => {
      const { id, page } = get();
      if (eventId !== id || !page || !shown) return;
      set({ page: { ...page, goingCount, interestedCount } });
      refreshSoon();
    },

    reset: () => {
      shown = false;
      sequence++;
      stopWatching();
      cancelRefresh();
      set(INITIAL);
    },
  };
});

screenStoreLoaded('event-page', useEventPageStore);
