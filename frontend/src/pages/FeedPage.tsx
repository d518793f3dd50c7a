import { DEFAULT_WEAPON, isWeapon, WEAPONS, type SessionUser, type Weapon } from '@piste/contracts';
import { ArrowUp, Swords } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useParams } from '../lib/router';
import { Avatar } from '../components/Avatar';
import { FeedComposer } from '../components/composer/FeedComposer';
import { EmptyState } from '../components/EmptyState';
import { PostList } from '../components/PostList';
import { SkeletonBars } from '../components/Skeleton';
import { SearchBox } from '../components/search/SearchBox';
import { TrendingTags } from '../components/TrendingTags';
import { WEAPON_DOT_CLASSES, WEAPON_TOP_BORDER_CLASSES, weaponLabel } from '../lib/weapons';
import { useWatchedPosts } from '../realtime/post-watch';
import { useFeedStore } from '../stores/feed';
import { useSessionStore } from '../stores/session';
import { useTrendingTagsStore } from '../stores/trending-tags';
import { NotFoundPage } from './NotFoundPage';

/** / and /:weapon — one weapon's community: composer, live post list, and the side column. */
export function FeedPage() {
  const { weapon: weaponParam } = useParams();
  const weapon = weaponParam === undefined ? DEFAULT_WEAPON : isWeapon(weaponParam) ? weaponParam : null;
  const user = useSessionStore((s) => s.user);
  const follow = useFeedStore((s) => s.follow);
  const { t } = useTranslation('feed');

  useEffect(() => {
    if (!weapon) return;
    const stopFollowing = follow(weapon);
    void useTrendingTagsStore.getState().load(weapon);
    return stopFollowing;
  }, [weapon, follow]);

  if (!weapon) return <NotFoundPage />;

  return (
    // minmax(0, …): the column never grows past the screen for a wide child, which would scroll a phone sideways.
    <div
      data-weapon={weapon}
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start"
    >
      <section
        aria-labelledby="feed-title"
        className="mx-auto w-full max-w-2xl space-y-5 lg:mx-0 lg:max-w-none"
      >
        <h1 id="feed-title" className="sr-only">
          {t('page.title', { weapon: weaponLabel(weapon) })}
        </h1>
        <FeedComposer user={user} weapon={weapon} />
        {/* The side column is for wide screens; a phone gets the trending tags as one line above the posts. */}
        <TrendingTags weapon={weapon} look="row" className="lg:hidden" />
        <FeedPosts weapon={weapon} user={user} />
      </section>
      <aside className="hidden space-y-5 lg:sticky lg:top-24 lg:block">
        <SearchBox />
        <SideProfileCard user={user} weapon={weapon} />
        <CommunitySwitcher weapon={weapon} />
        <TrendingTags weapon={weapon} look="card" />
      </aside>
    </div>
  );
}

function FeedPosts({ weapon, user }: { weapon: Weapon; user: SessionUser | null }) {
  const postIds = useFeedStore((s) => s.postIds);
  const status = useFeedStore((s) => s.status);
  const hasMore = useFeedStore((s) => s.hasMore);
  const loadingMore = useFeedStore((s) => s.loadingMore);
  const incomingIds = useFeedStore((s) => s.incomingIds);
  const loadMore = useFeedStore((s) => s.loadMore);
  const showIncoming = useFeedStore((s) => s.showIncoming);
  const refresh = useFeedStore((s) => s.refresh);
  const { t } = useTranslation('feed');
  // Each card watches its post; those waiting behind "New posts" are watched too, so they show current
  // counts when they appear.
  useWatchedPosts(incomingIds);

  if (status === 'loading' || status === 'idle') {
    return (
      <div className="space-y-5" role="status" aria-label={t('page.loading')}>
        {[0, 1, 2].map((i) => (
          <PostSkeleton key={i} />
        ))}
      </div>
    );
  }

  return (
    <div className="space-y-5">
      {incomingIds.length > 0 ? (
        <div className="sticky top-20 z-20 flex justify-center md:top-20">
          <button
            type="button"
            data-testid="new-posts"
            onClick={() => {
              showIncoming();
              const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
              window.scrollTo({ top: 0, behavior: still ? 'auto' : 'smooth' });
            }}
            className="inline-flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-lg ring-4 ring-white transition hover:bg-slate-800 dark:bg-slate-100 dark:text-slate-900 dark:ring-slate-950 dark:hover:bg-white"
          >
            <ArrowUp aria-hidden className="size-4" />
            {t('page.newPosts', { count: incomingIds.length })}
          </button>
        </div>
      ) : null}

      <PostList
        postIds={postIds}
        user={user}
        failed={status === 'error'}
        onRetry={() => void refresh()}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={() => void loadMore()}
        empty={
          <div data-testid="feed-empty">
            <EmptyState
              icon={Swords}
              title={t('page.empty.title', { weapon: weaponLabel(weapon) })}
              description={t('page.empty.text')}
            />
          </div>
        }
      />
    </div>
  );
}

function PostSkeleton() {
  return (
    <div
      data-testid="post-skeleton"
      className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-3">
        <div className="size-10 rounded-full bg-slate-200 dark:bg-slate-700" />
        <SkeletonBars className="flex-1 space-y-2" bars={[['h-3.5 w-40', 'strong'], 'h-3 w-24']} />
      </div>
      <SkeletonBars className="mt-5 space-y-2.5" bars={['h-3 w-full', 'h-3 w-11/12', 'h-3 w-2/3']} />
      <SkeletonBars
        className="mt-5 flex gap-4 border-t border-slate-100 pt-4 dark:border-slate-800"
        bars={['h-6 w-14', 'h-6 w-14', 'h-6 w-14']}
      />
    </div>
  );
}

function SideProfileCard({ user, weapon }: { user: SessionUser | null; weapon: Weapon }) {
  const { t } = useTranslation('feed');
  return (
    <div
      data-testid="side-profile-card"
      className={`rounded-2xl border border-t-4 border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${WEAPON_TOP_BORDER_CLASSES[weapon]}`}
    >
      {user ? (
        <div className="flex flex-col items-center text-center">
          <Avatar avatar={user.avatar} name={user.name} size="lg" />
          <p className="mt-3 font-semibold text-slate-900 dark:text-slate-100">
            {user.name ?? user.username}
          </p>
          <p className="text-sm text-slate-500 dark:text-slate-400">@{user.username}</p>
          <Link
            to="/profile"
            className="mt-4 w-full rounded-lg border border-slate-200 px-3 py-2 text-sm font-semibold text-slate-700 transition hover:bg-slate-50 dark:border-slate-800 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {t('page.viewProfile')}
          </Link>
        </div>
      ) : (
        <div className="text-center">
          <p className="font-semibold text-slate-900 dark:text-slate-100">{t('page.welcome')}</p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('page.welcomeText')}</p>
        </div>
      )}
    </div>
  );
}

function CommunitySwitcher({ weapon }: { weapon: Weapon }) {
  const { t } = useTranslation('feed');
  return (
    <nav
      aria-label={t('page.communities')}
      className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {t('page.communities')}
      </p>
      {WEAPONS.map((w) => (
        <Link
          key={w}
          to={`/${w}`}
          aria-current={w === weapon ? 'page' : undefined}
          className={`flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition ${
            w === weapon
              ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
              : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
          }`}
        >
          <span aria-hidden className={`size-2.5 rounded-full ${WEAPON_DOT_CLASSES[w]}`} />
          {weaponLabel(w)}
        </Link>
      ))}
    </nav>
  );
}
