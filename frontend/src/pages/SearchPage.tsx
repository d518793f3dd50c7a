import { LoaderCircle, SearchX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useSearchParams } from '../lib/router';
import { LoadMoreButton } from '../components/PostList';
import { FencerSummary } from '../components/search/FencerSummary';
import { fencerPath } from '../lib/paths';
import { PostResultCard } from '../components/search/PostResultCard';
import { SearchBox } from '../components/search/SearchBox';
import { useSearchResults, type SearchResults } from '../components/search/useSearchResults';
import type { Club, SearchUser } from '@piste/contracts';

/** How many fencers show before 'Show all'. */
const FENCERS_SHOWN = 5;

/** /search?q= — every post (best match first, page by page), the fencers and the clubs for a search. */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const results = useSearchResults(query);
  // The clubs among the results are named with the clubs' words: fetched with the page's own.
  const { t } = useTranslation(['people', 'clubs']);

  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <h1 className="mb-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-slate-100">
          {query ? t('searchPage.resultsFor', { query }) : t('searchPage.title')}
        </h1>
        {/* A new query is a new page: the box starts again from it. */}
        <SearchBox key={query} initialText={query} autoFocus={!query} />
      </div>
      {query ? (
        <Results key={query} query={query} results={results} />
      ) : (
        <Notice>{t('searchPage.intro')}</Notice>
      )}
    </div>
  );
}

function Results({ query, results }: { query: string; results: SearchResults }) {
  const { t } = useTranslation(['people', 'common']);
  if (results.status === 'loading') {
    return (
      <div role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-300">
        <LoaderCircle aria-hidden className="size-5 animate-spin" />
        {t('common:search.searching')}
      </div>
    );
  }
  if (results.status === 'error') return <Notice>{results.error}</Notice>;
  if (results.postIds.length === 0 && results.users.length === 0 && results.clubs.length === 0) {
    return <Notice icon>{t('searchPage.noMatch', { query })}</Notice>;
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start">
      {/* Fencers come first on a phone, beside the posts on a wide screen. */}
      {/* On a phone an empty fencers group would only push the posts down. */}
      <Section
        title={t('common:search.groups.fencers')}
        className={`lg:col-start-2 lg:row-start-1 ${results.users.length ? '' : 'hidden lg:block'}`}
      >
        {results.users.length ? (
          <FencerList users={results.users} query={query} />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('searchPage.noFencers')}</p>
        )}
      </Section>
      {results.clubs.length ? (
        <Section title={t('common:search.groups.clubs')} className="lg:col-start-2 lg:row-start-2">
          <ClubList clubs={results.clubs} />
        </Section>
      ) : null}
      <Section
        title={t('common:search.groups.posts')}
        className="lg:col-start-1 lg:row-start-1 lg:row-span-2"
      >
        {results.postIds.length ? (
          <div className="space-y-4">
            {results.postIds.map((postId) => (
              <PostResultCard key={postId} postId={postId} query={query} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('searchPage.noPosts')}</p>
        )}
        {results.error ? (
          <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
            {results.error}
          </p>
        ) : null}
        {results.hasMore ? (
          <div className="flex justify-center pt-5">
            <LoadMoreButton
              loading={results.loadingMore}
              onClick={() => void results.loadMore()}
              label={t('searchPage.loadMore')}
              className="dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
            />
          </div>
        ) : null}
      </Section>
    </div>
  );
}

function FencerList({ users, query }: { users: SearchUser[]; query: string }) {
  const { t } = useTranslation('people');
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? users : users.slice(0, FENCERS_SHOWN);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <ul>
        {shown.map((user) => (
          <li key={user.id}>
            <Link
              to={fencerPath(user.username)}
              data-testid="search-fencer"
              className="block rounded-xl px-2.5 py-2 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-slate-900 dark:hover:bg-slate-800 dark:focus-visible:outline-slate-300"
            >
              <FencerSummary user={user} query={query} />
            </Link>
          </li>
        ))}
      </ul>
      {users.length > FENCERS_SHOWN ? (
        <button
          type="button"
          aria-expanded={showAll}
          onClick={() => setShowAll((all) => !all)}
          className="mt-1 w-full rounded-xl px-2.5 py-2 text-left text-sm font-semibold text-slate-600 transition hover:bg-slate-50 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-slate-100"
        >
          {showAll ? t('searchPage.showFewer') : t('searchPage.showAll', { count: users.length })}
        </button>
      ) : null}
    </div>
  );
}

function ClubList({ clubs }: { clubs: Club[] }) {
  const { t } = useTranslation('clubs');
  return (
    <ul className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      {clubs.map((club) => (
        <li key={club.id}>
          <Link
            to={`/clubs/${club.slug}`}
            data-testid="search-club"
            className="block rounded-xl px-2.5 py-2 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-slate-900 dark:hover:bg-slate-800 dark:focus-visible:outline-slate-300"
          >
            <span className="block truncate font-medium text-slate-900 dark:text-slate-100">{club.name}</span>
            <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
              {club.city}, {club.country} · {t('members', { count: club.membersCount })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Section({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={className}>
      <h2 className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Notice({ icon = false, children }: { icon?: boolean; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
      {icon ? (
        <SearchX aria-hidden className="mx-auto mb-3 size-8 text-slate-400 dark:text-slate-500" />
      ) : null}
      <p>{children}</p>
    </div>
  );
}
