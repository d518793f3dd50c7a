import type { SearchReply } from '@piste/contracts';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createSearchSuggestionsStore } from '../../stores/search-suggestions';

/** How long typing must pause before the box searches. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchSuggestions {
  /** The trimmed text being searched for. */
  query: string;
  /** The latest answer (for an earlier text while a newer one is on its way); null before the first. */
  reply: SearchReply | null;
  error: string | null;
  /** True while the answer shown is not for `query` yet. */
  loading: boolean;
}

/**
 * Searches as the user types, through the box's own search-suggestions store: once typing pauses, the top posts
 * and fencers for the text. An answer that arrives after the text has changed again is dropped, so a slow reply
 * never replaces a newer one.
 */
export function useSearchSuggestions(text: string): SearchSuggestions {
  const query = text.trim();
  const [store] = useState(createSearchSuggestionsStore);
  const answer = useStore(store, (s) => s.answer);

  useEffect(() => {
    if (!query) return;
    const { suggest, drop } = store.getState();
    const timer = window.setTimeout(() => void suggest(query), SEARCH_DEBOUNCE_MS);
    return () => {
      drop();
      window.clearTimeout(timer);
    };
  }, [query, store]);

  if (!query) return { query, reply: null, error: null, loading: false };
  return { query, reply: answer.reply, error: answer.error, loading: answer.query !== query };
}
