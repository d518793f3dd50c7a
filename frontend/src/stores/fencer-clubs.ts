import type { FencerClub } from '@piste/contracts';
import { create } from 'zustand';
import * as clubsApi from '../api/clubs';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** A fencer's clubs, with their role in each. */
interface FencerClubsState {
  /** Whose clubs these are (the username as the address spells it, lower-cased). */
  username: string | null;
  clubs: FencerClub[];
  /** Fetches `username`'s clubs; another fencer's never show while these load. */
  load: (username: string) => Promise<void>;
  reset: () => void;
}

const INITIAL = { username: null, clubs: [] as FencerClub[] };

/**
 * A store of one fencer's clubs at a time, those `keep` keeps; a reply for a load started before the last one is
 * dropped. A failed load leaves none: the clubs are always beside something that works without them.
 */
export function createFencerClubsStore(keep: (club: FencerClub) => boolean = () => true) {
  let sequence = 0;
  return create<FencerClubsState>()((set, get) => ({
    ...INITIAL,

    load: async (username) => {
      const started = ++sequence;
      if (username !== get().username) set({ username, clubs: [] });
      try {
        const clubs = await clubsApi.fetchFencerClubs(username);
        if (started === sequence) set({ clubs: clubs.filter(keep) });
      } catch {
        // Nothing to show beside the page.
      }
    },

    reset: () => {
      sequence++;
      set(INITIAL);
    },
  }));
}

/** The clubs on the fencer page that is open (/u/{username}). */
export const useFencerClubsStore = createFencerClubsStore();

screenStoreLoaded('fencer-clubs', useFencerClubsStore);
