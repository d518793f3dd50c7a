import i18next from 'i18next';
import { SEARCH_SUGGESTION_LIMIT, type SearchReply } from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import { search } from '../api/search';
import { latestRequest } from './latest-request';

/** The last answer a search box got: the top posts, fencers and clubs for `query`, or why there are none. */
export interface SuggestionsAnswer {
  query: string;
  reply: SearchReply | null;
  error: string | null;
}

interface SearchSuggestionsState {
  /** The latest answer; for an earlier text while a newer one is on its way. */
  answer: SuggestionsAnswer;
  /** Searches for `query`; the answer lands unless the box asked again or dropped it meanwhile. */
  suggest: (query: string) => Promise<void>;
  /** The text changed: replies on their way no longer answer it. */
  drop: () => void;
}

const NO_ANSWER: SuggestionsAnswer = { query: '', reply: null, error: null };

/**
 * The suggestions of one search box as the user types. Each box has a store of its own (the feed's side column
 * and the results page each have a box): a box that opens starts from no answer, and never shows another box's.
 */
export function createSearchSuggestionsStore() {
  const latest = latestRequest();
  return create<SearchSuggestionsState>()((set) => ({
    answer: NO_ANSWER,

    suggest: async (query) => {
      const isLatest = latest.start();
      try {
        const reply = await search(query, { limit: SEARCH_SUGGESTION_LIMIT });
        if (isLatest()) set({ answer: { query, reply, error: null } });
      } catch (error) {
        if (isLatest())
          set({ answer: { query, reply: null, error: errorMessage(error, i18next.t('search.failed')) } });
      }
    },

    drop: latest.drop,
  }));
}
