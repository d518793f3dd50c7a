import {
  DEFAULT_REPORT_REASON,
  DEFAULT_WEAPON,
  FEED_PAGE_SIZE,
  type CreatePostPayload,
  type FeedPost,
  type PostCounts,
  type PostViewer,
  type Weapon,
} from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import { reportPost } from '../api/moderation';
import { uploadFile, UploadError } from '../api/objects';
import * as postsApi from '../api/posts';
import { notify } from '../lib/toast';
import { patchPost, patchRecord, withoutPost, withoutRecord } from './post-lists';
import { useSessionStore } from './session';

/**
 * One weapon's feed: the pages loaded so far (Load More appends), posts that arrived live and wait behind
 * the "New posts" button, and every action on a post with the spec's toasts. Live events keep counts
 * current and drop deleted posts; after a reconnect the first page is fetched again.
 */

type FeedStatus = 'idle' | 'loading' | 'ready' | 'error';
export type Reaction = postsApi.Reaction;

/** What the composer sends: the post (the author comes from the session) and an optional media file. */
export interface NewPost {
  content: string;
  type: CreatePostPayload['type'];
  weapon: Weapon;
  drillDetails: CreatePostPayload['drillDetails'];
  achievementDetails: CreatePostPayload['achievementDetails'];
  file: File | null;
  /** A video's poster frame, captured in the browser; the post goes out without one if its upload fails. */
  poster?: File | null;
}

interface FeedState {
  weapon: Weapon | null;
  /** The feed last shown: the /post page posts there by default. */
  lastWeapon: Weapon;
  posts: FeedPost[];
  status: FeedStatus;
  /** The last page had a full 10 posts, so there may be more. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Posts by others that arrived live, newest first, shown only when the user asks. */
  incoming: FeedPost[];
  /** Posts with a reaction call in flight. */
  reacting: Record<string, true>;
  /**
   * Posts shown outside the feed list (a fencer's page, search results), by id: the same actions and live
   * counts apply to them. A post removed here (hidden, deleted) is gone from those lists too.
   */
  elsewhere: Record<string, FeedPost>;

  /** Shows `weapon`'s feed from its first page (null: no feed shown). */
  open: (weapon: Weapon | null) => Promise<void>;
  /** Fetches the first page again (after a reconnect or a failed hide). */
  refresh: () => Promise<void>;
  loadMore: () => Promise<void>;
  showIncoming: () => void;
  /** Like or dislike; the same button again takes it back. */
  toggleReaction: (postId: string, reaction: Reaction) => Promise<void>;
  hide: (postId: string) => Promise<void>;
  remove: (postId: string) => Promise<void>;
  report: (postId: string) => Promise<void>;
  /** Uploads the media (reporting progress), creates the post and shows it at the top of its feed. */
  publish: (post: NewPost, onUploadProgress?: (fraction: number) => void) => Promise<FeedPost>;
  /** Refreshes one post's counts (e.g. after commenting). */
  reloadPost: (postId: string) => Promise<void>;

  receiveCreated: (post: FeedPost) => void;
  receiveDeleted: (postId: string) => void;
  receiveCounts: (counts: PostCounts) => void;
  /** The user's own like or dislike changed (in this tab or another): every copy of the post follows. */
  receiveViewer: (viewer: PostViewer) => void;
  /** Lets a page outside the feed show these posts through the store (see `elsewhere`). */
  showElsewhere: (posts: FeedPost[]) => void;
  /** Forgets the last user's feed state (their likes, hidden posts, the post they just published). */
  reset: () => void;
}

/** Every call that returns data for the shown feed carries the sequence it started with; stale replies are dropped. */
let sequence = 0;

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

/** Where a post the user acts on is shown: the feed, the posts waiting behind "New posts", or elsewhere. */
function findPost(state: FeedState, postId: string): FeedPost | undefined {
  return (
    state.posts.find((p) => p.id === postId) ??
    state.incoming.find((p) => p.id === postId) ??
    state.elsewhere[postId]
  );
}

function currentUserId(): string | null {
  return useSessionStore.getState().user?.id ?? null;
}

const REACTION_TEXTS: Record<
  Reaction,
  { repeat: string; title: string; description: string; failure: string }
> = {
  like: {
    repeat: 'Post already liked',
    title: 'Already Liked',
    description: 'You already liked this post',
    failure: 'Failed to update like status',
  },
  dislike: {
    repeat: 'Post already disliked',
    title: 'Already Disliked',
    description: 'You already disliked this post',
    failure: 'Failed to update dislike status',
  },
};

/** A poster is a nicety: without it the video shows its first frame, so a failed upload does not stop the post. */
async function uploadPoster(poster: File): Promise<string | null> {
  try {
    return await uploadFile(poster, 'post');
  } catch {
    return null;
  }
}

export const useFeedStore = create<FeedState>()((set, get) => ({
  weapon: null,
  lastWeapon: DEFAULT_WEAPON,
  posts: [],
  status: 'idle',
  hasMore: false,
  loadingMore: false,
  incoming: [],
  reacting: {},
  elsewhere: {},

  open: async (weapon) => {
    if (weapon === get().weapon && get().status !== 'idle') {
      // Back on the same feed: events were missed meanwhile, so fetch it again behind the shown list.
      if (weapon) await get().refresh();
      return;
    }
    set({
      weapon,
      lastWeapon: weapon ?? get().lastWeapon,
      posts: [],
      incoming: [],
      hasMore: false,
      loadingMore: false,
      status: weapon ? 'loading' : 'idle',
    });
    if (weapon) await get().refresh();
  },

  refresh: async () => {
    const { weapon } = get();
    if (!weapon) return;
    const started = ++sequence;
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const page = await postsApi.fetchFeedPage(weapon);
      if (started !== sequence) return;
      set({
        posts: withJustPublished(page, weapon),
        incoming: [],
        hasMore: page.length >= FEED_PAGE_SIZE,
        status: 'ready',
        loadingMore: false,
      });
    } catch {
      if (started !== sequence) return;
      set({ status: get().status === 'ready' ? 'ready' : 'error' });
      notify.error('Failed to fetch posts');
    }
  },

  loadMore: async () => {
    const { weapon, posts, loadingMore } = get();
    if (!weapon || loadingMore) return;
    const started = sequence;
    set({ loadingMore: true });
    try {
      // The next page starts after the oldest post shown, so posts that arrived live (newer, at the top) can
      // neither shift it nor make it overlap; the id filter below only guards against a refetch in between.
      const page = await postsApi.fetchFeedPage(weapon, posts.at(-1)?.id);
      if (started !== sequence) return;
      set((state) => {
        const known = new Set([...state.posts, ...state.incoming].map((p) => p.id));
        return {
          posts: [...state.posts, ...page.filter((p) => !known.has(p.id))],
          hasMore: page.length >= FEED_PAGE_SIZE,
          loadingMore: false,
        };
      });
    } catch {
      if (started !== sequence) return;
      set({ loadingMore: false });
      notify.error('Failed to fetch posts');
    }
  },

  showIncoming: () =>
    set((state) => {
      const known = new Set(state.posts.map((p) => p.id));
      return { posts: [...state.incoming.filter((p) => !known.has(p.id)), ...state.posts], incoming: [] };
    }),

  toggleReaction: async (postId, reaction) => {
    const userId = currentUserId();
    const post = findPost(get(), postId);
    if (!post || get().reacting[postId]) return;
    if (!userId) {
      notify.error('Please sign in', `You need to be signed in to ${reaction} posts`);
      return;
    }
    const active = reaction === 'like' ? post.isLiked : post.isDisliked;
    set((state) => ({ reacting: { ...state.reacting, [postId]: true } }));
    try {
      const reply = active
        ? await postsApi.unreact(reaction, userId, postId)
        : await postsApi.react(reaction, userId, postId);
      get().receiveViewer(reply);
    } catch (error) {
      const texts = REACTION_TEXTS[reaction];
      if (error instanceof Error && error.message === texts.repeat)
        notify.info(texts.title, texts.description);
      else notify.error('Error', texts.failure);
    } finally {
      set((state) => {
        const reacting = { ...state.reacting };
        delete reacting[postId];
        return { reacting };
      });
    }
  },

  hide: async (postId) => {
    // Gone from the list at once; a refetch brings it back if the server did not take it.
    set((state) => ({
      posts: withoutPost(state.posts, postId),
      incoming: withoutPost(state.incoming, postId),
      elsewhere: withoutRecord(state.elsewhere, postId),
    }));
    try {
      await postsApi.hidePost(postId);
      notify.success('Post hidden', "You won't see this post again");
    } catch {
      notify.error('Failed to hide post');
      await get().refresh();
    }
  },

  remove: async (postId) => {
    try {
      await postsApi.deletePost(postId);
      get().receiveDeleted(postId);
      notify.success('Post deleted', 'Your post has been deleted successfully');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to delete post'));
    }
  },

  report: async (postId) => {
    const userId = currentUserId();
    if (!userId) return;
    try {
      await reportPost(postId, userId, DEFAULT_REPORT_REASON);
      notify.success(
        'Report submitted',
        'Thank you for helping keep our community safe. Our team will review this post.',
      );
    } catch (error) {
      notify.error('Failed to submit report', errorMessage(error, ''));
    }
  },

  publish: async (draft, onUploadProgress) => {
    const user = useSessionStore.getState().user;
    let media: Pick<CreatePostPayload, 'mediaUrl' | 'mediaType' | 'mediaPosterUrl'> = {
      mediaUrl: null,
      mediaType: null,
    };
    if (draft.file) {
      try {
        const mediaUrl = await uploadFile(draft.file, 'post', onUploadProgress);
        const mediaType = draft.file.type.startsWith('video/') ? 'video' : 'image';
        media = { mediaUrl, mediaType };
        if (mediaType === 'video' && draft.poster) media.mediaPosterUrl = await uploadPoster(draft.poster);
      } catch (error) {
        const detail = error instanceof UploadError ? `${error.message}: ${error.detail}` : undefined;
        notify.error('Failed to upload media', detail);
        throw error;
      }
    }
    try {
      const post = await postsApi.createPost({
        content: draft.content,
        type: draft.type,
        weapon: draft.weapon,
        authorId: user?.id,
        drillDetails: draft.type === 'drill' ? draft.drillDetails : null,
        achievementDetails: draft.type === 'achievement' ? draft.achievementDetails : null,
        ...media,
      });
      justPublished = { post, until: Date.now() + JUST_PUBLISHED_MS };
      get().receiveCreated(post);
      return post;
    } catch (error) {
      notify.error('Error creating post', errorMessage(error, 'Please try again later.'));
      throw error;
    }
  },

  reloadPost: async (postId) => {
    try {
      const post = await postsApi.fetchPost(postId);
      set((state) => ({ posts: patchPost(state.posts, postId, post) }));
    } catch {
      // A hint only: live counts and the next refetch catch up.
    }
  },

  receiveCreated: (post) => {
    const { weapon, posts, incoming } = get();
    if (
      post.weapon !== weapon ||
      posts.some((p) => p.id === post.id) ||
      incoming.some((p) => p.id === post.id)
    ) {
      return;
    }
    // Own posts (from this or another tab) go straight to the top; others wait behind "New posts".
    if (post.authorId === currentUserId()) set({ posts: [post, ...posts] });
    else set({ incoming: [post, ...incoming] });
  },

  receiveDeleted: (postId) => {
    if (justPublished?.post.id === postId) justPublished = null;
    set((state) => ({
      posts: withoutPost(state.posts, postId),
      incoming: withoutPost(state.incoming, postId),
      elsewhere: withoutRecord(state.elsewhere, postId),
    }));
  },

  receiveCounts: ({ postId, likesCount, dislikesCount, commentsCount }) => {
    const counts = { likesCount, dislikesCount, commentsCount };
    set((state) => ({
      posts: patchPost(state.posts, postId, counts),
      incoming: patchPost(state.incoming, postId, counts),
      elsewhere: patchRecord(state.elsewhere, postId, counts),
    }));
  },

  receiveViewer: ({ postId, isLiked, isDisliked, likesCount, dislikesCount }) => {
    const patch = { isLiked, isDisliked, likesCount, dislikesCount };
    set((state) => ({
      posts: patchPost(state.posts, postId, patch),
      incoming: patchPost(state.incoming, postId, patch),
      elsewhere: patchRecord(state.elsewhere, postId, patch),
    }));
  },

  showElsewhere: (posts) =>
    set((state) => ({
      elsewhere: { ...state.elsewhere, ...Object.fromEntries(posts.map((post) => [post.id, post])) },
    })),

  reset: () => {
    justPublished = null;
    set({ elsewhere: {} });
    void get().open(null);
  },
}));
