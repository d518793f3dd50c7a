import type { UserSuggestion } from '@piste/contracts';
import { create } from 'zustand';
import { suggestUsers } from '../api/social';

/**
 * Fencers to suggest while the user types `@…` (DESIGN.md §4c), connections first as the server orders them.
 * Answers are kept by what was typed, so typing back and forth asks once; a failure suggests nobody (the user can
 * still type the whole name).
 */

interface UserSuggestionsState {
  /** By the typed prefix, lower case. */
  byQuery: Record<string, UserSuggestion[]>;
  /** The fencers for `query`, from the server the first time. */
  suggest: (query: string) => Promise<UserSuggestion[]>;
  reset: () => void;
}

export const useUserSuggestionsStore = create<UserSuggestionsState>()((set, get) => ({
  byQuery: {},

  suggest: async (query) => {
    const key = query.toLowerCase();
    const known = get().byQuery[key];
    if (known) return known;
    try {
      const suggestions = await suggestUsers(key);
      set((state) => ({ byQuery: { ...state.byQuery, [key]: suggestions } }));
      return suggestions;
    } catch {
      return [];
    }
  },

  reset: () => set({ byQuery: {} }),
}));
