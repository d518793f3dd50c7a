import type { Club } from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import * as clubsApi from '../api/clubs';
import type { ClubFilters } from '../api/clubs';
import { notify } from '../lib/toast';

/** The club directory (/clubs): the clubs that match the filters, newest first, a page at a time. */
interface ClubsState {
  /** The filters the list shows (as a key: two equal filters are one list); null before any. */
  key: string | null;
  filters: ClubFilters | null;
  clubs: Club[];
  status: 'loading' | 'ready' | 'error';
  /** Where the next page starts; null at the end. */
  nextCursor: string | null;
  loadingMore: boolean;
  /** Shows the clubs matching `filters` from their first page; the same filters again refresh behind the list. */
  open: (filters: ClubFilters) => Promise<void>;
  /** Fetches the first page again (a retry). */
  reload: () => Promise<void>;
  /** Appends the next page. */
  loadMore: () => Promise<void>;
  reset: () => void;
}

const INITIAL = {
  key: null,
  filters: null,
  clubs: [] as Club[],
  status: 'loading' as const,
  nextCursor: null,
  loadingMore: false,
};

/** Only the filters that are set: `{q: ''}` and `{}` are the same list. */
function cleaned(filters: ClubFilters): ClubFilters {
  const kept: ClubFilters = {};
  const q = filters.q?.trim();
  const country = filters.country?.trim().toUpperCase();
  if (q) kept.q = q;
  if (country) kept.country = country;
  if (filters.weapon) kept.weapon = filters.weapon;
  return kept;
}

/** A first-page fetch drops any reply started before it (a Load More, or other filters' page). */
let sequence = 0;

export const useClubsStore = create<ClubsState>()((set, get) => ({
  ...INITIAL,

  open: async (filters) => {
    const wanted = cleaned(filters);
    const key = JSON.stringify(wanted);
    if (key !== get().key) set({ ...INITIAL, key, filters: wanted });
    await get().reload();
  },

  reload: async () => {
    const { filters } = get();
    if (filters === null) return;
    const started = ++sequence;
    set({ loadingMore: false });
    try {
      const page = await clubsApi.fetchClubs(filters);
      if (started !== sequence) return;
      set({ clubs: page.clubs, nextCursor: page.nextCursor, status: 'ready' });
    } catch (error) {
      if (started !== sequence) return;
      set((state) => ({ status: state.status === 'ready' ? 'ready' : 'error' }));
      notify.error('Failed to fetch clubs', errorMessage(error, 'Please try again later.'));
    }
  },

  loadMore: async () => {
    const { filters, nextCursor, loadingMore } = get();
    if (filters === null || !nextCursor || loadingMore) return;
    const started = sequence;
    set({ loadingMore: true });
    try {
      const page = await clubsApi.fetchClubs(filters, nextCursor);
      if (started !== sequence) return;
      set((state) => {
        const shown = new Set(state.clubs.map((club) => club.id));
        return {
          clubs: [...state.clubs, ...page.clubs.filter((club) => !shown.has(club.id))],
          nextCursor: page.nextCursor,
          loadingMore: false,
        };
      });
    } catch (error) {
      if (started !== sequence) return;
      set({ loadingMore: false });
      notify.error('Failed to fetch clubs', errorMessage(error, 'Please try again later.'));
    }
  },

  reset: () => {
    sequence++;
    set(INITIAL);
  },
}));
