import { SEARCH_TEXT_MAX } from '@piste/contracts';
import { LoaderCircle, Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import { clubPath, fencerPath, postPath, resultsPath } from '../../lib/paths';
import type { SearchOption } from './SuggestionGroups';
import { useSearchSuggestions, type SearchSuggestions } from './useSearchSuggestions';

const loadSuggestionGroups = () => import('./SuggestionGroups');
/** The dropdown's rows, fetched when a box is first used (focusing it starts the fetch), not with every page. */
const SuggestionGroups = lazy(() => loadSuggestionGroups().then((m) => ({ default: m.SuggestionGroups })));

function optionsOf({ query, reply }: SearchSuggestions): SearchOption[] {
  if (!reply) return [];
  const posts = reply.posts.map((post): SearchOption => ({
    key: `post:${post.id}`,
    kind: 'post',
    href: postPath(post.id),
    post,
  }));
  const fencers = reply.users.map((user): SearchOption => ({
    key: `fencer:${user.id}`,
    kind: 'fencer',
    href: fencerPath(user.username),
    user,
  }));
  const clubs = (reply.clubs ?? []).map((club): SearchOption => ({
    key: `club:${club.id}`,
    kind: 'club',
    href: clubPath(club.slug),
    club,
  }));
  const found = [...posts, ...fencers, ...clubs];
  return found.length ? [...found, { key: 'all', kind: 'all', href: resultsPath(query) }] : [];
}

interface SearchBoxProps {
  /** The text the box starts with (the results page passes its query). */
  initialText?: string;
  /** Takes the focus on arrival (the search page opened without a query, from the header's search icon). */
  autoFocus?: boolean;
}

/**
 * The search box: searches posts, fencers and clubs as the user types and offers the best matches in a dropdown, a
 * WAI-ARIA combobox (arrow keys move through the options, Enter opens one, Escape closes the list, then clears).
 * Enter with no option chosen opens the results page.
 */
export function SearchBox({ initialText = '', autoFocus = false }: SearchBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const query = text.trim();
  const expanded = open && query !== '';
  // Only an open list searches: a box that starts with text (the results page's) asks nothing until used.
  const suggestions = useSearchSuggestions(expanded ? query : '');
  const options = optionsOf(suggestions);
  const activeIndex = options.findIndex((option) => option.key === activeKey);
  const baseId = useId();
  const listboxId = `${baseId}-results`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const activeOptionId = expanded && activeIndex !== -1 ? optionId(activeIndex) : undefined;

  // The list scrolls by itself when it is taller than the screen: keep the option the arrows reached in view.
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOptionId]);

  function go(href: string) {
    setOpen(false);
    setActiveKey(null);
    navigate(href);
  }

  function move(step: 1 | -1) {
    if (options.length === 0) return;
    const from = activeIndex === -1 ? (step === 1 ? -1 : options.length) : activeIndex;
    setActiveKey(options[(from + step + options.length) % options.length].key);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) setOpen(true);
        else move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        event.preventDefault();
        const chosen = expanded ? options[activeIndex] : undefined;
        if (chosen) go(chosen.href);
        else if (query) go(resultsPath(query));
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else setText('');
        setActiveKey(null);
        break;
    }
  }

  return (
    <div role="search" className="relative">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-400 dark:text-slate-500"
      />
      <input
        type="text"
        role="combobox"
        aria-label={t('search.label')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeOptionId}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        maxLength={SEARCH_TEXT_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActiveKey(null);
        }}
        onFocus={() => {
          setOpen(true);
          void loadSuggestionGroups();
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        className="w-full rounded-full border border-slate-200 bg-white py-2.5 pr-10 pl-10 text-sm text-slate-900 shadow-xs transition placeholder:text-slate-500 focus:border-slate-900 focus:ring-2 focus:ring-slate-900/10 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:border-slate-300 dark:focus:ring-slate-300/20"
      />
      {expanded && suggestions.loading ? (
        <LoaderCircle
          aria-hidden
          className="absolute top-1/2 right-3.5 size-4 -translate-y-1/2 animate-spin text-slate-400 dark:text-slate-500"
        />
      ) : null}
      {/* The listbox stays in the page (empty and hidden when closed) so aria-controls always names it. */}
      <div
        hidden={!expanded}
        className="absolute top-full right-0 z-40 mt-2 w-full overflow-hidden sm:w-[max(100%,26rem)] rounded-2xl border border-slate-200 bg-white shadow-lg ring-1 ring-slate-900/5 dark:border-slate-700 dark:bg-slate-900 dark:ring-white/5"
      >
        <div
          role="listbox"
          id={listboxId}
          aria-label={t('search.suggestions')}
          className="max-h-[70vh] overflow-y-auto py-1.5"
        >
          {expanded ? (
            <Suspense fallback={null}>
              <SuggestionGroups
                options={options}
                activeIndex={activeIndex}
                optionId={optionId}
                query={query}
                stale={suggestions.loading}
                onChoose={go}
                onHover={setActiveKey}
              />
            </Suspense>
          ) : null}
        </div>
        {expanded ? <SuggestionStatus suggestions={suggestions} hasOptions={options.length > 0} /> : null}
      </div>
    </div>
  );
}

/** What the dropdown says instead of results: searching, nothing found, or what went wrong. */
function SuggestionStatus({
  suggestions,
  hasOptions,
}: {
  suggestions: SearchSuggestions;
  hasOptions: boolean;
}) {
  const { t } = useTranslation();
  let message: string | null = null;
  if (suggestions.error && !suggestions.loading) message = suggestions.error;
  else if (!suggestions.reply && suggestions.loading) message = t('search.searching');
  else if (!hasOptions && !suggestions.loading) message = t('search.noMatch', { query: suggestions.query });
  if (!message) return null;
  return (
    <p role="status" className="px-4 pt-1 pb-3 text-sm text-slate-500 dark:text-slate-400">
      {message}
    </p>
  );
}
