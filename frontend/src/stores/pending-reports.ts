import { useEffect, useState } from 'react';
import { useSessionStore } from './session';

/**
 * Pending reports, for an admin's header badge. The report queue's store (stores/moderation.ts) is fetched only
 * for admins, so nobody else's first load carries it; once here it loads the queue, and again after a change of
 * user empties it, and the badge follows it.
 */
export function usePendingReportCount(isAdmin: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!isAdmin) return;
    let stopped = false;
    let unsubscribe = () => {};
    void import('./moderation').then(({ useModerationStore, selectPendingCount }) => {
      if (stopped) return;
      const follow = (state: ReturnType<typeof useModerationStore.getState>) => {
        // A change of user empties the queue before this badge hears of it: only an admin's fetches it again.
        if (state.status === 'idle' && useSessionStore.getState().user?.isAdmin) void state.load();
        setCount(selectPendingCount(state));
      };
      follow(useModerationStore.getState());
      unsubscribe = useModerationStore.subscribe(follow);
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
  }, [isAdmin]);
  return isAdmin ? count : 0;
}
