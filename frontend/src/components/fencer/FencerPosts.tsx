import type { SessionUser } from '@piste/contracts';
import { LoaderCircle, PenLine } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { EmptyState } from '../EmptyState';
import { PostList } from '../PostList';
import type { FencerPostsView } from './useFencerPosts';

interface FencerPostsProps {
  view: FencerPostsView;
  user: SessionUser;
  isOwn: boolean;
  name: string;
  className?: string;
}

/** The fencer's posts, newest first, with Load More Posts while pages come back full. */
export function FencerPosts({ view, user, isOwn, name, className = '' }: FencerPostsProps) {
  const { t } = useTranslation('people');
  const { postIds, status, hasMore, loadingMore, loadMore, reload } = view;
  return (
    <section aria-labelledby="fencer-posts-title" className={`min-w-0 space-y-5 ${className}`}>
      <h2 id="fencer-posts-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('fencerPosts.title')}
      </h2>

      {status === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          {t('fencerPosts.loading')}
        </p>
      ) : (
        <PostList
          postIds={postIds}
          user={user}
          failed={status === 'error'}
          onRetry={reload}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onLoadMore={loadMore}
          empty={
            <div data-testid="fencer-posts-empty">
              <EmptyState
                icon={PenLine}
                title={t('fencerPosts.empty.title')}
                description={isOwn ? t('fencerPosts.empty.own') : t('fencerPosts.empty.other', { name })}
                action={
                  isOwn ? (
                    <Link
                      to="/post"
                      className="inline-block rounded-sm text-sm font-semibold text-slate-900 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-white dark:focus-visible:outline-slate-300"
                    >
                      {t('fencerPosts.empty.create')}
                    </Link>
                  ) : null
                }
              />
            </div>
          }
        />
      )}
    </section>
  );
}
