import type { TrendingTags, Weapon } from '@piste/contracts';
import { create } from 'zustand';
import { fetchTrendingTags } from '../api/social';

export type TrendingTag = TrendingTags['tags'][number];

/** The most used tags of the last 7 days in the feed shown, most used first, for the feed's side column. */
interface TrendingTagsState {
  /** Whose tags `tags` are; null before any. */
  weapon: Weapon | null;
  tags: TrendingTag[];
  /** Fetches `weapon`'s tags; another weapon's are cleared at once, the same weapon's stay until the reply. */
  load: (weapon: Weapon) => Promise<void>;
  reset: () => void;
}

/** A reply for a weapon asked before the last one is dropped. */
let sequence = 0;

export const useTrendingTagsStore = create<TrendingTagsState>()((set, get) => ({
  weapon: null,
  tags: [],

  load: async (weapon) => {
    const started = ++sequence;
    if (weapon !== get().weapon) set({ weapon, tags: [] });
    try {
      const { tags } = await fetchTrendingTags(weapon);
      if (started === sequence) set({ tags });
    } catch {
      // The feed is whole without its trending tags: the column just leaves them out.
    }
  },

  reset: () => {
    sequence++;
    set({ weapon: null, tags: [] });
  },
}));
