import type { Weapon } from '@piste/contracts';
import { fetchTagPosts } from '../api/social';
import { createPostPagesStore } from './post-pages';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** The posts of the tag page shown (`/tags/{tag}?weapon=`), newest first. */
export interface TagPostsQuery {
  /** The tag as stored: folded, without `#`. */
  tag: string;
  /** One weapon's posts, or every weapon's. */
  weapon?: Weapon;
}

export const useTagPostsStore = createPostPagesStore<TagPostsQuery>(({ tag, weapon }, before) =>
  fetchTagPosts(tag, weapon, before),
);

screenStoreLoaded('tag-posts', useTagPostsStore);
