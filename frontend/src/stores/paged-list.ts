import i18next from 'i18next';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import { notify } from '../lib/toast';

/** One page of a list the server hands out with the cursor of the next page. */
export interface ListPage<Item> {
  items: Item[];
  nextCursor: string | null;
}

/**
 * A list narrowed by filters and paged by a cursor (the club directory, the events list, a club's events): the
 * filters it shows, its items in order, whether the next page exists. Replies for filters no longer shown, or for
 * a list fetched again meanwhile, are dropped.
 */
export interface PagedListState<Item, Filters> {
  /** The filters the list shows (as a key: two equal filters are one list); null before any. */
  key: string | null;
  filters: Filters | null;
  items: Item[];
  status: 'loading' | 'ready' | 'error';
  /** Where the next page starts; null at the end. */
  nextCursor: string | null;
  loadingMore: boolean;
  /** Shows the items matching `filters` from their first page; the same filters again refresh behind the list. */
  open: (filters: Filters) => Promise<void>;
  /** Fetches the first page again (a retry). */
  reload: () => Promise<void>;
  /** Appends the next page. */
  loadMore: () => Promise<void>;
  reset: () => void;
}

interface PagedListOptions<Item, Filters> {
  fetchPage: (filters: Filters, cursor?: string) => Promise<ListPage<Item>>;
  /** Only the filters that are set, in one form: `{q: ''}` and `{}` are the same list. */
  clean: (filters: Filters) => Filters;
  /** The toast's title when a page cannot be fetched, e.g. 'Failed to fetch clubs', in the language shown. */
  failure: () => string;
}

/** A store for one paged list; each call makes a list of its own, with its own pages and replies. */
export function createPagedListStore<Item extends { id: string }, Filters>({
  fetchPage,
  clean,
  failure,
}: PagedListOptions<Item, Filters>) {
  const initial = {
    key: null,
    filters: null,
    items: [] as Item[],
    status: 'loading' as const,
    nextCursor: null,
    loadingMore: false,
  };
  /** A first-page fetch drops any reply started before it (a Load More, or other filters' page). */
  let sequence = 0;

  return create<PagedListState<Item, Filters>>()((set, get) => ({
    ...initial,

    open: async (filters) => {
      const wanted = clean(filters);
      const key = JSON.stringify(wanted);
      if (key !== get().key) set({ ...initial, key, filters: wanted });
      await get().reload();
    },

    reload: async () => {
      const { filters } = get();
      if (filters === null) return;
      const started = ++sequence;
      set({ loadingMore: false });
      try {
        const page = await fetchPage(filters);
        if (started !== sequence) return;
        set({ items: page.items, nextCursor: page.nextCursor, status: 'ready' });
      } catch (error) {
        if (started !== sequence) return;
        set((state) => ({ status: state.status === 'ready' ? 'ready' : 'error' }));
        notify.error(failure(), errorMessage(error, i18next.t('common:errors.tryAgainLater')));
      }
    },

    loadMore: async () => {
      const { filters, nextCursor, loadingMore } = get();
      if (filters === null || !nextCursor || loadingMore) return;
      const started = sequence;
      set({ loadingMore: true });
      try {
        const page = await fetchPage(filters, nextCursor);
        if (started !== sequence) return;
        set((state) => {
          const shown = new Set(state.items.map((item) => item.id));
          return {
            items: [...state.items, ...page.items.filter((item) => !shown.has(item.id))],
            nextCursor: page.nextCursor,
            loadingMore: false,
          };
        });
      } catch (error) {
        if (started !== sequence) return;
        set({ loadingMore: false });
        notify.error(failure(), errorMessage(error, i18next.t('common:errors.tryAgainLater')));
      }
    },

    reset: () => {
      sequence++;
      set(initial);
    },
  }));
}
