import type { SessionUser } from '@piste/contracts';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { usePacedCount } from '../lib/paced-first-screen';
import { useShownIds } from '../stores/posts';
import { Button } from './Button';
import { PostCard } from './PostCard';

interface PostListProps {
  /** The list's posts in order; those hidden or deleted meanwhile are left out. */
  postIds: readonly string[];
  user: SessionUser | null;
  /** The first page could not be fetched. */
  failed: boolean;
  onRetry: () => void;
  /** What an empty list says. */
  empty: ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * A list of post cards (a feed, a fencer's posts), or why there are none, with Load More Posts while pages
 * come back full. The list re-renders when its posts come or go; a post's own changes re-render its card only.
 */
export function PostList({
  postIds,
  user,
  failed,
  onRetry,
  empty,
  hasMore,
  loadingMore,
  onLoadMore,
}: PostListProps) {
  const shownIds = useShownIds(postIds);
  const drawn = usePacedCount(shownIds.length);
  const { t } = useTranslation(['feed', 'common']);
  if (failed && shownIds.length === 0) {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <p className="font-semibold text-slate-900 dark:text-slate-100">{t('list.fetchFailed')}</p>
        <Button variant="outline" className="mt-4" onClick={onRetry}>
          {t('common:actions.tryAgain')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {shownIds.length === 0
        ? empty
        : shownIds.slice(0, drawn).map((id) => <PostCard key={id} postId={id} user={user} />)}
      {hasMore && drawn === shownIds.length ? (
        <div className="flex justify-center pt-1 pb-4">
          <LoadMoreButton loading={loadingMore} onClick={onLoadMore} label={t('list.loadMore')} />
        </div>
      ) : null}
    </>
  );
}

interface LoadMoreButtonProps {
  loading: boolean;
  onClick: () => void;
  label: string;
  className?: string;
}

/** The button that appends the next page, spinning and saying 'Loading...' while it comes. */
export function LoadMoreButton({ loading, onClick, label, className = '' }: LoadMoreButtonProps) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" disabled={loading} onClick={onClick} className={`min-w-44 ${className}`}>
      {loading ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
      {loading ? t('loading') : label}
    </Button>
  );
}
