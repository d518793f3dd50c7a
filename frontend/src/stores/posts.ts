import i18next from 'i18next';
import {
  DEFAULT_REPORT_REASON,
  type EditPostPayload,
  type FeedPost,
  type PostCounts,
  type PostUpdate,
  type PostViewer,
  type SaveReply,
} from '@piste/contracts';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { ApiError, errorMessage } from '../api/client';
import { reportPost } from '../api/moderation';
import * as postsApi from '../api/posts';
import { editPost } from '../api/social';
import { notify } from '../lib/toast';
import { usePushPromptStore } from './push-prompt';
import { useSessionStore } from './session';

/**
 * Every post the app shows, once, by id: the feed, a fencer's posts, search results and a post's own page list
 * ids and read their posts here. A live count or the user's reaction changes one post, so only its card
 * re-renders; a post dropped here (hidden, deleted) is gone from every view. The actions on a single post and
 * their toasts live here too; adding and removing posts in the feed is the feed store's (stores/feed.ts).
 */

export type Reaction = postsApi.Reaction;

interface PostsState {
  postsById: Record<string, FeedPost>;
  /** Posts with a reaction call in flight. */
  reacting: Record<string, true>;

  /** Keeps these posts, fresh from the server, for every view that lists them. */
  keep: (posts: FeedPost[]) => void;
  /** Drops a post from every view (hidden or deleted). */
  drop: (postId: string) => void;
  /** Like or dislike; the same button again takes it back. */
  toggleReaction: (postId: string, reaction: Reaction) => Promise<void>;
  report: (postId: string) => Promise<void>;
  /** Fetches one post (a post's own page) and keeps it; rejects as the server does. */
  loadPost: (postId: string) => Promise<void>;
  /** Refreshes one post's counts (e.g. after commenting). */
  reloadPost: (postId: string) => Promise<void>;
  /** New counts of posts (one, or a batch), wherever they are shown. */
  receiveCounts: (counts: readonly PostCounts[]) => void;
  /**
   * The author's edit (text, details, image description): the post takes the server's reply. Resolves false
   * once a failure was shown as a toast.
   */
  edit: (postId: string, edit: EditPostPayload) => Promise<boolean>;
  /** The author edited the post (in this tab or elsewhere): every view shows the new text. */
  receiveUpdate: (update: PostUpdate) => void;
  /** Whether the user keeps the post, and its saves count, wherever it is shown. */
  receiveSaved: (saved: SaveReply) => void;
  /** Drops every post by `authorId` from every view (the user muted them); the ids dropped. */
  dropAuthor: (authorId: string) => string[];
  /** The user's own like or dislike changed (in this tab or another): the post follows wherever it is shown. */
  receiveViewer: (viewer: PostViewer) => void;
  /** Forgets the last user's posts (they carry that user's likes). */
  reset: () => void;
}

/** A reaction's repeat (the server's code, and its English text) and its toasts, read when shown. */
const REACTION_TEXTS: Record<
  Reaction,
  { code: string; repeat: string; title: () => string; description: () => string; failure: () => string }
> = {
  like: {
    code: 'posts.already_liked',
    repeat: 'Post already liked',
    title: () => i18next.t('feed:toasts.alreadyLiked'),
    description: () => i18next.t('feed:toasts.alreadyLikedDetail'),
    failure: () => i18next.t('feed:toasts.likeFailed'),
  },
  dislike: {
    code: 'posts.already_disliked',
    repeat: 'Post already disliked',
    title: () => i18next.t('feed:toasts.alreadyDisliked'),
    description: () => i18next.t('feed:toasts.alreadyDislikedDetail'),
    failure: () => i18next.t('feed:toasts.dislikeFailed'),
  },
};

function currentUserId(): string | null {
  return useSessionStore.getState().user?.id ?? null;
}

/** `postsById` with one post changed; the same record when the post is not held. */
function patched(
  postsById: Record<string, FeedPost>,
  postId: string,
  patch: Partial<FeedPost>,
): Record<string, FeedPost> {
  const post = postsById[postId];
  return post ? { ...postsById, [postId]: { ...post, ...patch } } : postsById;
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const rest = { ...record };
  delete rest[key];
  return rest;
}

export const usePostsStore = create<PostsState>()((set, get) => ({
  postsById: {},
  reacting: {},

  keep: (posts) => {
    if (posts.length === 0) return;
    set((state) => ({
      postsById: { ...state.postsById, ...Object.fromEntries(posts.map((post) => [post.id, post])) },
    }));
  },

  drop: (postId) => set((state) => ({ postsById: without(state.postsById, postId) })),

  toggleReaction: async (postId, reaction) => {
    const userId = currentUserId();
    const post = get().postsById[postId];
    if (!post || get().reacting[postId]) return;
    if (!userId) {
      notify.error(
        i18next.t('feed:toasts.signIn'),
        reaction === 'like'
          ? i18next.t('feed:toasts.signInToLike')
          : i18next.t('feed:toasts.signInToDislike'),
      );
      return;
    }
    const active = reaction === 'like' ? post.isLiked : post.isDisliked;
    set((state) => ({ reacting: { ...state.reacting, [postId]: true } }));
    try {
      const reply = active
        ? await postsApi.unreact(reaction, userId, postId)
        : await postsApi.react(reaction, userId, postId);
      get().receiveViewer(reply);
      if (reaction === 'like' && !active) usePushPromptStore.getState().suggest();
    } catch (error) {
      const texts = REACTION_TEXTS[reaction];
      const repeated =
        error instanceof Error &&
        ((error instanceof ApiError && error.code === texts.code) || error.message === texts.repeat);
      if (repeated) notify.info(texts.title(), texts.description());
      else notify.error(i18next.t('feed:toasts.error'), texts.failure());
    } finally {
      set((state) => ({ reacting: without(state.reacting, postId) }));
    }
  },

  report: async (postId) => {
    const userId = currentUserId();
    if (!userId) return;
    try {
      await reportPost(postId, userId, DEFAULT_REPORT_REASON);
      notify.success(i18next.t('report.submitted'), i18next.t('report.reviewPost'));
    } catch (error) {
      notify.error(i18next.t('report.failed'), errorMessage(error, ''));
    }
  },

  loadPost: async (postId) => {
    get().keep([await postsApi.fetchPost(postId)]);
  },

  reloadPost: async (postId) => {
    try {
      const post = await postsApi.fetchPost(postId);
      // Only a post still shown: one dropped meanwhile stays gone.
      set((state) => ({ postsById: patched(state.postsById, postId, post) }));
    } catch {
      // A hint only: live counts and the next refetch catch up.
    }
  },

  receiveCounts: (counts) =>
    set((state) => ({
      postsById: counts.reduce(
        (postsById, { postId, likesCount, dislikesCount, commentsCount, savesCount }) =>
          patched(postsById, postId, {
            likesCount,
            dislikesCount,
            commentsCount,
            // Older servers leave the saves out; the count shown stays.
            ...(savesCount === undefined ? {} : { savesCount }),
          }),
        state.postsById,
      ),
    })),

  edit: async (postId, edit) => {
    try {
      const post = await editPost(postId, edit);
      set((state) => ({ postsById: patched(state.postsById, postId, post) }));
      notify.success(i18next.t('feed:toasts.updated'));
      return true;
    } catch (error) {
      notify.error(
        i18next.t('feed:toasts.updateFailed'),
        errorMessage(error, i18next.t('errors.tryAgainLater')),
      );
      return false;
    }
  },

  receiveUpdate: ({ postId, content, drillDetails, achievementDetails, mediaAlt, editedAt }) =>
    set((state) => ({
      postsById: patched(state.postsById, postId, {
        content,
        drillDetails,
        achievementDetails,
        mediaAlt,
        editedAt,
      }),
    })),

  receiveSaved: ({ postId, isSaved, savesCount }) =>
    set((state) => ({ postsById: patched(state.postsById, postId, { isSaved, savesCount }) })),

  dropAuthor: (authorId) => {
    const dropped = Object.values(get().postsById)
      .filter((post) => post.authorId === authorId)
      .map((post) => post.id);
    if (dropped.length) {
      set((state) => ({
        postsById: Object.fromEntries(
          Object.entries(state.postsById).filter(([, post]) => post.authorId !== authorId),
        ),
      }));
    }
    return dropped;
  },

  receiveViewer: ({ postId, isLiked, isDisliked, likesCount, dislikesCount }) =>
    set((state) => ({
      postsById: patched(state.postsById, postId, { isLiked, isDisliked, likesCount, dislikesCount }),
    })),

  reset: () => set({ postsById: {}, reacting: {} }),
}));

/** The post `postId` as every view shows it; undefined once it is dropped (or before it is kept). */
export function usePost(postId: string): FeedPost | undefined {
  return usePostsStore((state) => state.postsById[postId]);
}

/**
 * The ids of a list that still have their post (hidden and deleted ones leave every list). The list re-renders
 * when that changes, not when a post's counts do.
 */
export function useShownIds(postIds: readonly string[]): string[] {
  return usePostsStore(useShallow((state) => postIds.filter((id) => id in state.postsById)));
}
