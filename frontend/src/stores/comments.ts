import i18next from 'i18next';
import type { CommentUpdate, PostComment } from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import * as postsApi from '../api/posts';
import { editComment } from '../api/social';
import { notify } from '../lib/toast';
import { usePostsStore } from './posts';
import { useSessionStore } from './session';

/**
 * Comments per post, loaded only when a post's comments are opened; new comments from others arrive live
 * while a thread is shown (its post card watches the post).
 */

type ThreadStatus = 'loading' | 'ready' | 'error';

export interface CommentThread {
  status: ThreadStatus;
  /** Oldest first; replies point at their parent with parentId. */
  comments: PostComment[];
}

interface CommentsState {
  threads: Record<string, CommentThread>;
  /** Comments with a like call in flight. */
  liking: Record<string, true>;
  load: (postId: string) => Promise<void>;
  /** Adds a comment or a reply; resolves true when it was stored. */
  add: (postId: string, content: string, parentId?: string | null) => Promise<boolean>;
  toggleLike: (postId: string, commentId: string) => Promise<void>;
  /** The author's new text; resolves true once stored (a failure is shown as a toast). */
  edit: (postId: string, commentId: string, content: string) => Promise<boolean>;
  receive: (comment: PostComment) => void;
  /** The author edited a comment (here or elsewhere): its thread shows the new text. */
  receiveUpdate: (update: CommentUpdate) => void;
  reset: () => void;
}

/** `threads` with one comment changed; the same record when its thread or the comment is not held. */
function patchedComment(
  threads: Record<string, CommentThread>,
  postId: string,
  commentId: string,
  patch: Partial<PostComment>,
): Record<string, CommentThread> {
  const thread = threads[postId];
  if (!thread?.comments.some((c) => c.id === commentId)) return threads;
  const comments = thread.comments.map((c) => (c.id === commentId ? { ...c, ...patch } : c));
  return { ...threads, [postId]: { ...thread, comments } };
}

function withComment(thread: CommentThread | undefined, comment: PostComment): CommentThread | undefined {
  if (!thread || thread.status !== 'ready' || thread.comments.some((c) => c.id === comment.id)) return thread;
  return { ...thread, comments: [...thread.comments, comment] };
}

export const useCommentsStore = create<CommentsState>()((set, get) => ({
  threads: {},
  liking: {},

  load: async (postId) => {
    const known = get().threads[postId];
    if (!known || known.status === 'error') {
      set((state) => ({ threads: { ...state.threads, [postId]: { status: 'loading', comments: [] } } }));
    }
    try {
      const comments = await postsApi.fetchComments(postId);
      set((state) => ({ threads: { ...state.threads, [postId]: { status: 'ready', comments } } }));
    } catch {
      if (get().threads[postId]?.status !== 'ready') {
        set((state) => ({ threads: { ...state.threads, [postId]: { status: 'error', comments: [] } } }));
      }
    }
  },

  add: async (postId, content, parentId = null) => {
    const user = useSessionStore.getState().user;
    if (!user) {
      notify.error(i18next.t('feed:toasts.logIn'), i18next.t('feed:toasts.logInToComment'));
      return false;
    }
    try {
      const comment = await postsApi.createComment({ postId, authorId: user.id, content, parentId });
      get().receive(comment);
      notify.success(i18next.t('feed:toasts.success'), i18next.t('feed:toasts.commentAdded'));
      void usePostsStore.getState().reloadPost(postId);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, i18next.t('feed:toasts.commentFailed')));
      return false;
    }
  },

  toggleLike: async (postId, commentId) => {
    const comment = get().threads[postId]?.comments.find((c) => c.id === commentId);
    if (!comment || get().liking[commentId]) return;
    set((state) => ({ liking: { ...state.liking, [commentId]: true } }));
    try {
      const reply = comment.isLiked
        ? await postsApi.unlikeComment(commentId)
        : await postsApi.likeComment(commentId);
      set((state) => {
        const thread = state.threads[postId];
        if (!thread) return {};
        const comments = thread.comments.map((c) =>
          c.id === commentId ? { ...c, likesCount: reply.likesCount, isLiked: reply.isLiked } : c,
        );
        return { threads: { ...state.threads, [postId]: { ...thread, comments } } };
      });
    } catch (error) {
      notify.error(i18next.t('feed:toasts.error'), errorMessage(error, i18next.t('feed:toasts.likeFailed')));
    } finally {
      set((state) => {
        const liking = { ...state.liking };
        delete liking[commentId];
        return { liking };
      });
    }
  },

  edit: async (postId, commentId, content) => {
    try {
      const comment = await editComment(commentId, { content });
      set((state) => ({
        threads: patchedComment(state.threads, postId, commentId, {
          content: comment.content,
          editedAt: comment.editedAt,
        }),
      }));
      return true;
    } catch (error) {
      notify.error(
        i18next.t('feed:toasts.commentUpdateFailed'),
        errorMessage(error, i18next.t('errors.tryAgainLater')),
      );
      return false;
    }
  },

  receiveUpdate: ({ postId, commentId, content, editedAt }) =>
    set((state) => ({ threads: patchedComment(state.threads, postId, commentId, { content, editedAt }) })),

  receive: (comment) =>
    set((state) => {
      const thread = withComment(state.threads[comment.postId], comment);
      return thread === state.threads[comment.postId]
        ? {}
        : { threads: { ...state.threads, [comment.postId]: thread! } };
    }),

  reset: () => set({ threads: {}, liking: {} }),
}));
