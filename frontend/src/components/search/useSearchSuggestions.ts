import i18next from 'i18next';
import { SEARCH_SUGGESTION_LIMIT, type SearchReply } from '@piste/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { search } from '../../api/search';

/** How long typing must pause before the box searches. */
export const SEARCH_DEBOUNCE_MS = 250;

interface Answer {
  query: string;
  reply: SearchReply | null;
  error: string | null;
}

export interface SearchSuggestions {
  /** The trimmed text being searched for. */
  query: string;
  /** The latest answer (for an earlier text while a newer one is on its way); null before the first. */
  reply: SearchReply | null;
  error: string | null;
  /** True while the answer shown is not for `query` yet. */
  loading: boolean;
}

const NO_ANSWER: Answer = { query: '', reply: null, error: null };

/**
 * Searches as the user types: once typing pauses, the top posts and fencers for the text. An answer that arrives
 * after the text has changed again is dropped, so a slow reply never replaces a newer one.
 */
export function useSearchSuggestions(text: string): SearchSuggestions {
  const query = text.trim();
  const [answer, setAnswer] = useState<Answer>(NO_ANSWER);

  useEffect(() => {
    if (!query) return;
    let current = true;
    const timer = window.setTimeout(() => {
      search(query, { limit: SEARCH_SUGGESTION_LIMIT }).then(
        (reply) => {
          if (current) setAnswer({ query, reply, error: null });
        },
        (error: unknown) => {
          if (current)
            setAnswer({ query, reply: null, error: errorMessage(error, i18next.t('search.failed')) });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [query]);

  if (!query) return { query, reply: null, error: null, loading: false };
  return { query, reply: answer.reply, error: answer.error, loading: answer.query !== query };
}
