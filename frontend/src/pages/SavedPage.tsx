import type { SessionUser } from '@piste/contracts';
import { Bookmark } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { EmptyState } from '../components/EmptyState';
import { HeadedPage } from '../components/PageHeader';
import { PostPageList } from '../components/post-pages/PostPageList';
import { usePostPages } from '../components/post-pages/usePostPages';
import { SAVED_POSTS, useSavedPostsStore } from '../stores/saved-posts';

/** /saved — the posts the user saved, most recently saved first. */
export function SavedPage({ user }: { user: SessionUser }) {
  const view = usePostPages(useSavedPostsStore, SAVED_POSTS);
  const { t } = useTranslation('feed');
  return (
    <HeadedPage width="narrow" title={t('savedPage.title')} subtitle={t('savedPage.subtitle')}>
      <PostPageList
        view={view}
        user={user}
        empty={
          <div data-testid="saved-empty">
            <EmptyState
              icon={Bookmark}
              title={t('savedPage.empty.title')}
              description={t('savedPage.empty.text')}
            />
          </div>
        }
      />
    </HeadedPage>
  );
}
