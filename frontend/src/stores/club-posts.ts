import type { FeedPost } from '@piste/contracts';
import { fetchClubPosts } from '../api/clubs';
import { createPostPagesStore } from './post-pages';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** The posts of the club page shown, newest first. */
export interface ClubPostsQuery {
  slug: string;
}

export const useClubPostsStore = createPostPagesStore<ClubPostsQuery>(({ slug }, before) =>
  fetchClubPosts(slug, before),
);

/** A new post (live, or published from the club page): on top of the club's list when that club is shown. */
export function receiveClubPost(post: FeedPost): void {
  const store = useClubPostsStore.getState();
  if (post.club && store.query?.slug === post.club.slug && store.status === 'ready') store.prepend(post);
}

screenStoreLoaded('club-posts', useClubPostsStore);
