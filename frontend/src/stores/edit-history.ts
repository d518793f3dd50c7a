import type { CommentVersion, PostVersion } from '@piste/contracts';
import { create } from 'zustand';
import { fetchCommentHistory, fetchPostHistory } from '../api/social';

/**
 * The earlier versions of an edited post or comment (DESIGN.md §4c), fetched each time their dialog opens (the
 * author may have edited again since), newest first as the server gives them.
 */

export type EditedItem = { kind: 'post'; id: string } | { kind: 'comment'; id: string };

export type EditHistory =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; versions: Array<PostVersion | CommentVersion> };

interface EditHistoryState {
  /** By `post:{id}` or `comment:{id}`. */
  histories: Record<string, EditHistory>;
  load: (item: EditedItem) => Promise<void>;
}

export const historyKey = (item: EditedItem) => `${item.kind}:${item.id}`;

export const useEditHistoryStore = create<EditHistoryState>()((set) => ({
  histories: {},

  load: async (item) => {
    const key = historyKey(item);
    set((state) => ({ histories: { ...state.histories, [key]: { status: 'loading' } } }));
    try {
      const { versions } =
        item.kind === 'post' ? await fetchPostHistory(item.id) : await fetchCommentHistory(item.id);
      set((state) => ({ histories: { ...state.histories, [key]: { status: 'ready', versions } } }));
    } catch {
      // The dialog says so and offers to try again.
      set((state) => ({ histories: { ...state.histories, [key]: { status: 'error' } } }));
    }
  },
}));
