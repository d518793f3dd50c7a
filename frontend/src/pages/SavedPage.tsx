import type { SessionUser } from '@piste/contracts';
import { Bookmark } from 'lucide-react';
import { EmptyState } from '../components/EmptyState';
import { HeadedPage } from '../components/PageHeader';
import { PostPageList } from '../components/post-pages/PostPageList';
import { usePostPages } from '../components/post-pages/usePostPages';
import { SAVED_POSTS, useSavedPostsStore } from '../stores/saved-posts';

/** /saved — the posts the user saved, most recently saved first. */
export function SavedPage({ user }: { user: SessionUser }) {
  const view = usePostPages(useSavedPostsStore, SAVED_POSTS);
  return (
    <HeadedPage width="narrow" title="Saved" subtitle="Posts you kept for later, most recently saved first">
      <PostPageList
        view={view}
        user={user}
        empty={
          <div data-testid="saved-empty">
            <EmptyState
              icon={Bookmark}
              title="No saved posts yet"
              description="Save a drill or a post from its menu (⋯) to find it here."
            />
          </div>
        }
      />
    </HeadedPage>
  );
}
