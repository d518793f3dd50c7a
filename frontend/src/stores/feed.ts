import i18next from 'i18next';
import {
  DEFAULT_WEAPON,
  FEED_PAGE_SIZE,
  type CreatePostPayload,
  type FeedPost,
  type PostVisibility,
  type Weapon,
} from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import { uploadFile, UploadError } from '../api/objects';
import * as postsApi from '../api/posts';
import { notify } from '../lib/toast';
import { watchFeed } from '../realtime/socket';
import { latestRequest } from './latest-request';
import { idsOf, loadNextPage, withNewerFirst, withoutId } from './post-lists';
import { usePostsStore } from './posts';
import { useSessionStore } from './session';

/**
 * One weapon's feed, as post ids: the pages loaded so far (Load More appends), posts that arrived live and wait
 * behind the "New posts" button, and what adds posts to it or takes them away everywhere (publish, hide,
 * delete) with the spec's toasts. The posts themselves, their counts and reactions live in stores/posts.ts.
 * After a reconnect the first page is fetched again.
 */

type FeedStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What the composer sends: the post (the author comes from the session) and an optional media file. */
export interface NewPost {
  content: string;
  type: CreatePostPayload['type'];
  weapon: Weapon;
  drillDetails: CreatePostPayload['drillDetails'];
  achievementDetails: CreatePostPayload['achievementDetails'];
  /** Who sees it; the server's default (public, connections only for youth fencers) when left out. */
  visibility?: PostVisibility;
  /** The image's description for screen readers; sent only with an image. */
  mediaAlt?: string;
  /** The club it is posted to (from the club's page). */
  clubId?: string;
  file: File | null;
  /** A video's poster frame, captured in the browser; the post goes out without one if its upload fails. */
  poster?: File | null;
}

interface FeedState {
  weapon: Weapon | null;
  /** The feed last shown: the /post page posts there by default. */
  lastWeapon: Weapon;
  postIds: string[];
  status: FeedStatus;
  /** The last page had a full 10 posts, so there may be more. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Posts by others that arrived live, newest first, shown only when the user asks. */
  incomingIds: string[];

  /** Shows `weapon`'s feed from its first page (null: no feed shown). */
  open: (weapon: Weapon | null) => Promise<void>;
  /**
   * The feed page shows `weapon`: opens its feed and follows it live (posts by others arrive behind "New posts")
   * until the returned function is called, when the page leaves it.
   */
  follow: (weapon: Weapon) => () => void;
  /**
   * Opens `weapon`'s feed before the app's first render (first-screen.ts), so the first paint can show its posts;
   * the feed page's own `open` of the same weapon, right after, then fetches nothing again.
   */
  openAhead: (weapon: Weapon) => Promise<void>;
  /** Fetches the first page again (after a reconnect or a failed hide). */
  refresh: () => Promise<void>;
  loadMore: () => Promise<void>;
  showIncoming: () => void;
  /** Takes the post out of every view at once; it comes back with the feed's refetch if hiding fails. */
  hide: (postId: string) => Promise<void>;
  remove: (postId: string) => Promise<void>;
  /** Takes these posts out of the feed and its waiting list (their author was muted). */
  forget: (postIds: readonly string[]) => void;
  /** Uploads the media (reporting progress), creates the post and shows it at the top of its feed. */
  publish: (post: NewPost, onUploadProgress?: (fraction: number) => void) => Promise<FeedPost>;

  receiveCreated: (post: FeedPost) => void;
  receiveDeleted: (postId: string) => void;
  /** Forgets the last user's feed state (the posts shown, the post they just published). */
  reset: () => void;
}

/** A first-page fetch drops every reply started before it (another weapon's, or a Load More); a Load More joins it. */
const latest = latestRequest();

/** The feed opened ahead of the first render, until the feed page's own `open` arrives. */
let openedAhead: Weapon | null = null;

/**
 * The post this tab just published, for a short while: the feed it went to shows it at the top even when that
 * feed is opened (from /post) before its first page or the live event includes it.
 */
let justPublished: { post: FeedPost; until: number } | null = null;
const JUST_PUBLISHED_MS = 60_000;

/** The first page of `weapon`, with the post just published there on top when the page does not have it yet. */
function withJustPublished(page: FeedPost[], weapon: Weapon): FeedPost[] {
  if (!justPublished || justPublished.until < Date.now()) {
    justPublished = null;
    return page;
  }
  const { post } = justPublished;
  if (post.weapon !== weapon || page.some((p) => p.id === post.id)) return page;
  return [post, ...page];
}

const posts = () => usePostsStore.getState();

/** A post of the feed's; the posts store keeps it for every view. */
function kept(page: FeedPost[]): string[] {
  posts().keep(page);
  return idsOf(page);
}

/** A poster is a nicety: without it the video shows its first frame, so a failed upload does not stop the post. */
async function uploadPoster(poster: File): Promise<string | null> {
  try {
    return await uploadFile(poster, 'post');
  } catch {
    return null;
  }
}

/** Uploads the draft's media; the spec's toast when that fails. */
async function uploadMedia(
  draft: NewPost,
  onUploadProgress?: (fraction: number) => void,
): Promise<Pick<CreatePostPayload, 'mediaUrl' | 'mediaType' | 'mediaPosterUrl'>> {
  if (!draft.file) return { mediaUrl: null, mediaType: null };
  try {
    const mediaUrl = await uploadFile(draft.file, 'post', onUploadProgress);
    const mediaType = draft.file.type.startsWith('video/') ? 'video' : 'image';
    if (mediaType === 'video' && draft.poster) {
      return { mediaUrl, mediaType, mediaPosterUrl: await uploadPoster(draft.poster) };
    }
    return { mediaUrl, mediaType };
  } catch (error) {
    const detail = error instanceof UploadError ? `${error.message}: ${error.detail}` : undefined;
    notify.error(i18next.t('feed:toasts.uploadFailed'), detail);
    throw error;
  }
}

export const useFeedStore = create<FeedState>()((set, get) => ({
  weapon: null,
  lastWeapon: DEFAULT_WEAPON,
  postIds: [],
  status: 'idle',
  hasMore: false,
  loadingMore: false,
  incomingIds: [],

  open: async (weapon) => {
    const ahead = openedAhead;
    openedAhead = null;
    if (ahead !== null && ahead === weapon && get().weapon === weapon) return;
    if (weapon === get().weapon && get().status !== 'idle') {
      // Back on the same feed: events were missed meanwhile, so fetch it again behind the shown list.
      if (weapon) await get().refresh();
      return;
    }
    set({
      weapon,
      lastWeapon: weapon ?? get().lastWeapon,
      postIds: [],
      incomingIds: [],
      hasMore: false,
      loadingMore: false,
      status: weapon ? 'loading' : 'idle',
    });
    if (weapon) await get().refresh();
  },

  follow: (weapon) => {
    watchFeed(weapon);
    void get().open(weapon);
    return () => watchFeed(null);
  },

  openAhead: (weapon) => {
    const opening = get().open(weapon);
    openedAhead = weapon;
    return opening;
  },

  refresh: async () => {
    const { weapon } = get();
    if (!weapon) return;
    const isLatest = latest.start();
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const page = await postsApi.fetchFeedPage(weapon);
      if (!isLatest()) return;
      set({
        postIds: kept(withJustPublished(page, weapon)),
        incomingIds: [],
        hasMore: page.length >= FEED_PAGE_SIZE,
        status: 'ready',
        loadingMore: false,
      });
    } catch {
      if (!isLatest()) return;
      set({ status: get().status === 'ready' ? 'ready' : 'error' });
      notify.error(i18next.t('feed:toasts.fetchFailed'));
    }
  },

  loadMore: async () => {
    const { weapon, postIds, loadingMore } = get();
    if (!weapon || loadingMore) return;
    const isLatest = latest.join();
    await loadNextPage<FeedState>({
      set,
      // The next page starts after the oldest post shown, so posts that arrived live (newer, at the top) can
      // neither shift it nor make it overlap; the id filter only guards against a refetch in between.
      fetchPage: () => postsApi.fetchFeedPage(weapon, postIds.at(-1)),
      pageSize: FEED_PAGE_SIZE,
      isStale: () => !isLatest(),
      joining: (state, page) => page.filter((post) => !state.incomingIds.includes(post.id)),
    });
  },

  showIncoming: () =>
    set((state) => ({ postIds: withNewerFirst(state.incomingIds, state.postIds), incomingIds: [] })),

  hide: async (postId) => {
    set((state) => ({
      postIds: withoutId(state.postIds, postId),
      incomingIds: withoutId(state.incomingIds, postId),
    }));
    posts().drop(postId);
    try {
      await postsApi.hidePost(postId);
      notify.success(i18next.t('feed:toasts.hidden'), i18next.t('feed:toasts.hiddenDetail'));
    } catch {
      notify.error(i18next.t('feed:toasts.hideFailed'));
      await get().refresh();
    }
  },

  remove: async (postId) => {
    try {
      await postsApi.deletePost(postId);
      get().receiveDeleted(postId);
      notify.success(i18next.t('feed:toasts.deleted'), i18next.t('feed:toasts.deletedDetail'));
    } catch (error) {
      notify.error(errorMessage(error, i18next.t('feed:toasts.deleteFailed')));
    }
  },

  forget: (postIds) => {
    if (postIds.length === 0) return;
    const gone = new Set(postIds);
    set((state) => ({
      postIds: state.postIds.filter((id) => !gone.has(id)),
      incomingIds: state.incomingIds.filter((id) => !gone.has(id)),
    }));
  },

  publish: async (draft, onUploadProgress) => {
    const user = useSessionStore.getState().user;
    const media = await uploadMedia(draft, onUploadProgress);
    try {
      const post = await postsApi.createPost({
        content: draft.content,
        type: draft.type,
        weapon: draft.weapon,
        authorId: user?.id,
        drillDetails: draft.type === 'drill' ? draft.drillDetails : null,
        achievementDetails: draft.type === 'achievement' ? draft.achievementDetails : null,
        ...(draft.visibility ? { visibility: draft.visibility } : {}),
        ...(draft.clubId ? { clubId: draft.clubId } : {}),
        // Only an image has a description; an empty one is none.
        mediaAlt: media.mediaType === 'image' && draft.mediaAlt?.trim() ? draft.mediaAlt.trim() : null,
        ...media,
      });
      justPublished = { post, until: Date.now() + JUST_PUBLISHED_MS };
      get().receiveCreated(post);
      return post;
    } catch (error) {
      notify.error(
        i18next.t('feed:toasts.createFailed'),
        errorMessage(error, i18next.t('errors.tryAgainLater')),
      );
      throw error;
    }
  },

  receiveCreated: (post) => {
    const { weapon, postIds, incomingIds } = get();
    if (post.weapon !== weapon || postIds.includes(post.id) || incomingIds.includes(post.id)) return;
    posts().keep([post]);
    // Own posts (from this or another tab) go straight to the top; others wait behind "New posts".
    if (post.authorId === useSessionStore.getState().user?.id) set({ postIds: [post.id, ...postIds] });
    else set({ incomingIds: [post.id, ...incomingIds] });
  },

  receiveDeleted: (postId) => {
    if (justPublished?.post.id === postId) justPublished = null;
    set((state) => ({
      postIds: withoutId(state.postIds, postId),
      incomingIds: withoutId(state.incomingIds, postId),
    }));
    posts().drop(postId);
  },

  reset: () => {
    justPublished = null;
    void get().open(null);
  },
}));
