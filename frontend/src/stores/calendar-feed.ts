import i18next from 'i18next';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import * as eventsApi from '../api/events';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';

type FeedLoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The personal calendar feed, as the Notifications tab shows it: on or off, and its secret link right after it
 * was made (the server shows a link once; a new one replaces it).
 */
interface CalendarFeedState {
  active: boolean;
  /** When the current link was made. */
  createdAt: string | null;
  /** The link made in this visit; null once it is no longer the feed's (or before one was made). */
  url: string | null;
  status: FeedLoadStatus;
  /** Making a link or turning the feed off is on its way. */
  acting: boolean;
  load: () => Promise<void>;
  /** Turns the feed on, or replaces its link: the previous link stops working. */
  makeLink: () => Promise<void>;
  turnOff: () => Promise<void>;
  /** Puts the link shown on the clipboard, and says so. */
  copyLink: () => Promise<void>;
  reset: () => void;
}

const INITIAL = {
  active: false,
  createdAt: null,
  url: null,
  status: 'idle' as FeedLoadStatus,
  acting: false,
};

let loadSequence = 0;

export const useCalendarFeedStore = create<CalendarFeedState>()((set, get) => ({
  ...INITIAL,

  load: async () => {
    const started = ++loadSequence;
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const feed = await eventsApi.fetchCalendarFeed();
      if (started !== loadSequence) return;
      // The link shown stays while it is still the feed's (made in this visit, not replaced elsewhere).
      set((state) => ({
        active: feed.active,
        createdAt: feed.createdAt,
        url: feed.active && feed.createdAt === state.createdAt ? state.url : null,
        status: 'ready',
      }));
    } catch {
      if (started === loadSequence)
        set((state) => ({ status: state.status === 'ready' ? 'ready' : 'error' }));
    }
  },

  makeLink: async () => {
    if (get().acting) return;
    const replacing = get().active;
    set({ acting: true });
    try {
      const feed = await eventsApi.renewCalendarFeed();
      loadSequence++;
      set({ active: true, createdAt: feed.createdAt, url: feed.url ?? null, status: 'ready' });
      if (replacing) {
        notify.success(
          i18next.t('settings:toasts.calendarNewLink.title'),
          i18next.t('settings:toasts.calendarNewLink.text'),
        );
      } else {
        notify.success(
          i18next.t('settings:toasts.calendarOn.title'),
          i18next.t('settings:toasts.calendarOn.text'),
        );
      }
    } catch (error) {
      notify.error(
        i18next.t('settings:toasts.calendarLinkFailed'),
        errorMessage(error, i18next.t('common:errors.tryAgainLater')),
      );
    } finally {
      set({ acting: false });
    }
  },

  turnOff: async () => {
    if (get().acting) return;
    set({ acting: true });
    try {
      await eventsApi.turnOffCalendarFeed();
      loadSequence++;
      set({ active: false, createdAt: null, url: null, status: 'ready' });
      notify.success(
        i18next.t('settings:toasts.calendarOff.title'),
        i18next.t('settings:toasts.calendarOff.text'),
      );
    } catch (error) {
      notify.error(
        i18next.t('settings:toasts.calendarOffFailed'),
        errorMessage(error, i18next.t('common:errors.tryAgainLater')),
      );
    } finally {
      set({ acting: false });
    }
  },

  copyLink: async () => {
    const { url } = get();
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify.success(
        i18next.t('settings:toasts.linkCopied.title'),
        i18next.t('settings:toasts.linkCopied.text'),
      );
    } catch {
      notify.error(
        i18next.t('settings:toasts.copyFailed.title'),
        i18next.t('settings:toasts.copyFailed.text'),
      );
    }
  },

  reset: () => {
    loadSequence++;
    set(INITIAL);
  },
}));

screenStoreLoaded('calendar-feed', useCalendarFeedStore);
