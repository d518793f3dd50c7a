import { fetchSaved } from '../api/social';
import { createPostPagesStore } from './post-pages';
import { screenStoreLoaded } from '../realtime/screen-stores';

/**
 * The posts the user saved (`/saved`), most recently saved first. The list has no filters: its one query is
 * {@link SAVED_POSTS}. A post unsaved elsewhere stays on it until the page is opened again.
 */
export const SAVED_POSTS = {};

export const useSavedPostsStore = createPostPagesStore<typeof SAVED_POSTS>((_query, before) =>
  fetchSaved(before),
);

screenStoreLoaded('saved-posts', useSavedPostsStore);
