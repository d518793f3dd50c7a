import i18next from 'i18next';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import { screenStoreLoaded } from '../realtime/screen-stores';
import { latestRequest } from './latest-request';
import { usePostsStore } from './posts';

/**
 * How the fetch of the post on /posts/{id} went, for one post and one signed-in user (another user sees it with
 * their own likes). The post itself goes to the posts store; one that is gone or across a block is missing.
 */
export type PostPageLoad =
  | { postId: string; viewerId: string | null }
  | { postId: string; viewerId: string | null; error: string; missing: boolean };

interface PostPageState {
  /** The last fetch that came back; null while the post opened last is on its way. */
  loaded: PostPageLoad | null;
  /** Fetches `postId` as `viewerId` may see it. */
  open: (postId: string, viewerId: string | null) => Promise<void>;
  /** The page is no longer on screen (or shows another user's view): the fetch on its way is dropped. */
  reset: () => void;
}

/** Only the post opened last lands. */
const latest = latestRequest();

export const usePostPageStore = create<PostPageState>()((set) => ({
  loaded: null,

  open: async (postId, viewerId) => {
    const isLatest = latest.start();
    set({ loaded: null });
    try {
      await usePostsStore.getState().loadPost(postId);
      if (isLatest()) set({ loaded: { postId, viewerId } });
    } catch (error) {
      if (!isLatest()) return;
      const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
      const text = errorMessage(error, i18next.t('feed:postPage.fetchFailed'));
      set({ loaded: { postId, viewerId, error: text, missing } });
    }
  },

  reset: () => {
    latest.drop();
    set({ loaded: null });
  },
}));

screenStoreLoaded('post-page', usePostPageStore);
