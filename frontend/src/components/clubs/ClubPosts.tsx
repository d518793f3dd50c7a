import type { Club, ClubRole, FeedPost, SessionUser } from '@piste/contracts';
import { MessageSquareText } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { receiveClubPost, useClubPostsStore } from '../../stores/club-posts';
import { Composer } from '../Composer';
import { EmptyState } from '../EmptyState';
import { PostPageList } from '../post-pages/PostPageList';
import { usePostPages } from '../post-pages/usePostPages';
import { PostRemovalProvider } from '../post-removal';
import { runsClub } from '../../stores/club-page';

interface ClubPostsProps {
  club: Club;
  viewerRole: ClubRole | null;
  user: SessionUser;
}

/**
 * A club's posts, newest first and live: members write here (for the club, or for everyone), and the club's
 * admins may remove any of them.
 */
export function ClubPosts({ club, viewerRole, user }: ClubPostsProps) {
  const { t } = useTranslation('clubs');
  const view = usePostPages(useClubPostsStore, { slug: club.slug });
  const admin = runsClub(viewerRole);
  // Joining or leaving changes which posts the viewer may see: the list follows.
  const shownRole = useRef(viewerRole);
  useEffect(() => {
    if (shownRole.current === viewerRole) return;
    shownRole.current = viewerRole;
    void useClubPostsStore.getState().reload();
  }, [viewerRole]);
  const mayRemove = useCallback((post: FeedPost) => admin && post.club?.id === club.id, [admin, club.id]);
  return (
    <div className="space-y-5">
      {viewerRole ? (
        <Composer
          user={user}
          weapon={club.weapons[0] ?? 'epee'}
          chooseWeapon
          club={{ id: club.id, name: club.name }}
          onPosted={receiveClubPost}
        />
      ) : null}
      <PostRemovalProvider value={mayRemove}>
        <PostPageList
          view={view}
          user={user}
          empty={
            <div data-testid="club-posts-empty">
              <EmptyState
                icon={MessageSquareText}
                title={t('posts.empty.title')}
                description={
                  viewerRole ? t('posts.empty.member') : t('posts.empty.other', { club: club.name })
                }
              />
            </div>
          }
        />
      </PostRemovalProvider>
    </div>
  );
}
