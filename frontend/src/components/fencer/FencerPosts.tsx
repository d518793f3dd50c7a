import type { SessionUser } from '@piste/contracts';
import { LoaderCircle, PenLine } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../Button';
import { PostCard } from '../PostCard';
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
  const { posts, status, hasMore, loadingMore, loadMore, reload } = view;
  return (
    <section aria-labelledby="fencer-posts-title" className={`min-w-0 space-y-5 ${className}`}>
      <h2 id="fencer-posts-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Posts
      </h2>

      {status === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          Loading posts...
        </p>
      ) : status === 'error' && posts.length === 0 ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <p className="font-semibold text-slate-900 dark:text-white">Failed to fetch posts</p>
          <Button variant="outline" className="mt-4" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : posts.length === 0 ? (
        <div
          data-testid="fencer-posts-empty"
          className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900"
        >
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
            <PenLine aria-hidden className="size-6" />
          </span>
          <p className="mt-4 font-semibold text-slate-900 dark:text-white">No posts yet</p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            {isOwn
              ? 'Your drills, results and training notes will show up here.'
              : `${name} hasn't posted anything yet.`}
          </p>
          {isOwn ? (
            <Link
              to="/post"
              className="mt-4 inline-block rounded-sm text-sm font-semibold text-slate-900 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-white dark:focus-visible:outline-slate-300"
            >
              Create a post
            </Link>
          ) : null}
        </div>
      ) : (
        posts.map((post) => <PostCard key={post.id} post={post} user={user} />)
      )}

      {hasMore ? (
        <div className="flex justify-center pt-1 pb-4">
          <Button variant="outline" disabled={loadingMore} onClick={loadMore} className="min-w-44">
            {loadingMore ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
            {loadingMore ? 'Loading...' : 'Load More Posts'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
