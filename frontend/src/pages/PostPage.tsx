import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useParams } from '../lib/router';
import { authorNameOf } from '../components/PostByline';
import { PostResultCard } from '../components/search/PostResultCard';
import { usePostPageStore, type PostPageLoad } from '../stores/post-page';
import { usePost } from '../stores/posts';
import { useSessionStore } from '../stores/session';
import { weaponLabel } from '../lib/weapons';
import { NotFoundPage } from './NotFoundPage';

/**
 * Fetches the post `postId` as the viewer may see it into the posts store (through the post-page store); a post
 * that is gone or across a block is missing. Another signed-in user fetches it again, with their own likes.
 */
function useLoadedPost(postId: string): PostPageLoad | null {
  const viewerId = useSessionStore((s) => s.user?.id ?? null);
  useEffect(() => {
    const postPage = usePostPageStore.getState();
    void postPage.open(postId, viewerId);
    return postPage.reset;
  }, [postId, viewerId]);
  const loaded = usePostPageStore((s) => s.loaded);
  return loaded?.postId === postId && loaded.viewerId === viewerId ? loaded : null;
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
