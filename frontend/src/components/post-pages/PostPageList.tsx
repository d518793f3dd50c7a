import type { SessionUser } from '@piste/contracts';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { PostList } from '../PostList';
import type { PostPagesView } from './usePostPages';

interface PostPageListProps {
  view: PostPagesView;
  user: SessionUser;
  /** What an empty list says. */
  empty: ReactNode;
}

/** A paged list's posts (a tag's, the saved ones, the drill library), with Load More Posts while there are more. */
export function PostPageList({ view, user, empty }: PostPageListProps) {
  const { postIds, status, hasMore, loadingMore, loadMore, reload } = view;
  const { t } = useTranslation('feed');
  if (status === 'loading') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
        {t('list.loading')}
      </p>
    );
  }
  return (
    <div className="space-y-5">
      <PostList
        postIds={postIds}
        user={user}
        failed={status === 'error'}
        onRetry={reload}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        empty={empty}
      />
    </div>
  );
}
