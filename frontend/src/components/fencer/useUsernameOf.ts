import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '../../stores/session';
import { useUsernameLookupStore, type UsernameLookup } from '../../stores/username-lookup';

export type { UsernameLookup } from '../../stores/username-lookup';

const LOADING: UsernameLookup = { status: 'loading' };

/**
 * The username of the user with this id, through the username-lookup store, for views that know only the id (a
 * report's author, a chat partner); `retry` asks again after a failure, and so does another signed-in user.
 */
export function useUsernameOf(userId: string): { lookup: UsernameLookup; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const viewerId = useSessionStore((s) => s.user?.id);
  useEffect(() => {
    const usernameLookup = useUsernameLookupStore.getState();
    void usernameLookup.find(userId);
    return usernameLookup.reset;
  }, [userId, attempt, viewerId]);
  const asked = useUsernameLookupStore((s) => s.userId);
  const lookup = useUsernameLookupStore((s) => s.lookup);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { lookup: asked === userId ? lookup : LOADING, retry };
}
