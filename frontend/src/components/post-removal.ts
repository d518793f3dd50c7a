import type { FeedPost } from '@piste/contracts';
import { createContext, useContext } from 'react';

/**
 * Whether the viewer may remove someone else's post where it is shown: a club's admins may remove posts from
 * their club on its page (the server decides; this only offers the menu item). Nowhere else, by default.
 */
const RemovalContext = createContext<(post: FeedPost) => boolean>(() => false);

export const PostRemovalProvider = RemovalContext.Provider;

export function useMayRemove(post: FeedPost | undefined): boolean {
  const mayRemove = useContext(RemovalContext);
  return post ? mayRemove(post) : false;
}
