import i18next from 'i18next';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import { savePost, unsavePost } from '../api/social';
import { notify } from '../lib/toast';
import { usePostsStore } from './posts';

/**
 * Saving a post for later (DESIGN.md §4c): the post shows it at once, takes the server's count when it answers,
 * and goes back to how it was if the call fails. The saved posts' page lists them through its own store.
 */

interface SavesState {
  /** Posts with a save call in flight. */
  saving: Record<string, true>;
  /** Saves the post, or takes the save back when the user keeps it already. */
  toggleSave: (postId: string) => Promise<void>;
}

const posts = () => usePostsStore.getState();

export const useSavesStore = create<SavesState>()((set, get) => ({
  saving: {},

  toggleSave: async (postId) => {
    const post = posts().postsById[postId];
    if (!post || get().saving[postId]) return;
    const before = { postId, isSaved: !!post.isSaved, savesCount: post.savesCount };
    const saving = !before.isSaved;
    set((state) => ({ saving: { ...state.saving, [postId]: true } }));
    posts().receiveSaved({
      postId,
      isSaved: saving,
      savesCount: Math.max(0, before.savesCount + (saving ? 1 : -1)),
    });
    try {
      posts().receiveSaved(saving ? await savePost(postId) : await unsavePost(postId));
      if (saving) notify.success(i18next.t('feed:toasts.saved'), i18next.t('feed:toasts.savedDetail'));
      else notify.success(i18next.t('feed:toasts.unsaved'));
    } catch (error) {
      posts().receiveSaved(before);
      notify.error(
        saving ? i18next.t('feed:toasts.saveFailed') : i18next.t('feed:toasts.unsaveFailed'),
        errorMessage(error, i18next.t('errors.tryAgainLater')),
      );
    } finally {
      set((state) => {
        const rest = { ...state.saving };
        delete rest[postId];
        return { saving: rest };
      });
    }
  },
}));
