import type { FencerClub } from '@piste/contracts';
import { create } from 'zustand';
import * as clubsApi from '../api/clubs';

/** The clubs on the fencer page that is open (/u/{username}), with the fencer's role in each. */
interface FencerClubsState {
  /** Whose clubs these are (the username as the address spells it, lower-cased). */
  username: string | null;
  clubs: FencerClub[];
  /** Fetches `username`'s clubs; another fencer's never show while these load. */
  load: (username: string) => Promise<void>;
  reset: () => void;
}

const INITIAL = { username: null, clubs: [] as FencerClub[] };

/** A reply for a load started before the last one is dropped. */
let sequence = 0;

export const useFencerClubsStore = create<FencerClubsState>()((set, get) => ({
  ...INITIAL,

  load: async (username) => {
    const started = ++sequence;
    if (username !== get().username) set({ username, clubs: [] });
    try {
      const clubs = await clubsApi.fetchFencerClubs(username);
      if (started === sequence) set({ clubs });
    } catch {
      // The clubs are a side panel: without them the page still shows the fencer.
    }
  },

  reset: () => {
    sequence++;
    set(INITIAL);
  },
}));
