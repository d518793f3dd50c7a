import { useEffect } from 'react';
import { onReconnect } from '../../realtime/socket';
import { useFencerPostsStore } from '../../stores/fencer-posts';

/** Shows `username`'s posts through the fencer-posts store: the first page now, and again after a reconnect. */
export function useFencerPosts(username: string): void {
  useEffect(() => {
    void useFencerPostsStore.getState().open(username);
    return onReconnect(() => void useFencerPostsStore.getState().reload());
  }, [username]);
}
