import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { fetchProfile } from '../../api/users';

export type UsernameLookup =
  | { status: 'loading' }
  | { status: 'found'; username: string }
  | { status: 'not-found' }
  | { status: 'error' };

/**
 * The username of the user with this id, for views that know only the id (a report's author, a chat partner);
 * `retry` asks again after a failure.
 */
export function useUsernameOf(userId: string): { lookup: UsernameLookup; retry: () => void } {
  const [lookup, setLookup] = useState<UsernameLookup>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setLookup({ status: 'loading' });
    fetchProfile(userId).then(
      (profile) => {
        if (current) setLookup({ status: 'found', username: profile.username });
      },
      (error: unknown) => {
        if (!current) return;
        // A malformed id is as unknown as a missing one.
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setLookup({ status: missing ? 'not-found' : 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [userId, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { lookup, retry };
}
