import i18next from 'i18next';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../lib/router';
import { ApiError, errorMessage } from '../api/client';
import { authorNameOf } from '../components/PostByline';
import { PostResultCard } from '../components/search/PostResultCard';
import { usePost, usePostsStore } from '../stores/posts';
import { useSessionStore } from '../stores/session';
import { weaponLabel } from '../lib/weapons';
import { NotFoundPage } from './NotFoundPage';

/** The post's fetch, for one post and one signed-in user: another user sees it with their own likes. */
type Loaded = { key: string } | { key: string; error: string; missing: boolean };

/**
 * Fetches the post `postId` as the viewer may see it into the posts store; a post that is gone or across a
 * block is missing.
 */
function useLoadedPost(postId: string): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = `${postId} ${useSessionStore((s) => s.user?.id)}`;
  useEffect(() => {
    let current = true;
    usePostsStore
      .getState()
      .loadPost(postId)
      .then(
        () => {
          if (current) setLoaded({ key });
        },
        (error: unknown) => {
          const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
          if (current)
            setLoaded({ key, error: errorMessage(error, i18next.t('feed:postPage.fetchFailed')), missing });
        },
      );
    return () => {
      current = false;
    };
  }, [postId, key]);
  return loaded?.key === key ? loaded : null;
}

/** /posts/:id — one post on its own, where a search result leads. */
export function PostPage() {
  const { id = '' } = useParams();
  const loaded = useLoadedPost(id);
  const post = usePost(id);
  const { t } = useTranslation(['feed', 'common']);

  if (!loaded) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-300"
      >
        <LoaderCircle aria-hidden className="size-5 animate-spin" />
        {t('common:loading')}
      </div>
    );
  }
  if ('error' in loaded) {
    if (loaded.missing) return <NotFoundPage />;
    return <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">{loaded.error}</p>;
  }
  // Deleted (or hidden) while shown.
  if (!post) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Link
        to={`/${post.weapon}`}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-slate-100"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('page.title', { weapon: weaponLabel(post.weapon) })}
      </Link>
      <h1 className="sr-only">{t('post.label', { name: authorNameOf(post) })}</h1>
      <PostResultCard postId={post.id} standalone />
    </div>
  );
}
