import { create } from 'zustand';
import { ApiError } from '../api/client';
import { fetchProfile } from '../api/users';
import { screenStoreLoaded } from '../realtime/screen-stores';
import { latestRequest } from './latest-request';

export type UsernameLookup =
  | { status: 'loading' }
  | { status: 'found'; username: string }
  | { status: 'not-found' }
  | { status: 'error' };

/**
 * The username of the user with this id, for views that know only the id (a report's author, a chat partner):
 * /u/id/{userId} finds it here, then shows /u/{username}.
 */
interface UsernameLookupState {
  /** Whose username is asked for; null when nobody's is. */
  userId: string | null;
  lookup: UsernameLookup;
  /** Asks for `userId`'s username (again, after a failure). */
  find: (userId: string) => Promise<void>;
  /** The page asking is no longer on screen: its answer is dropped. */
  reset: () => void;
}

const INITIAL = { userId: null, lookup: { status: 'loading' } } satisfies Partial<UsernameLookupState>;

/** Only the last ask's answer lands. */
const latest = latestRequest();

export const useUsernameLookupStore = create<UsernameLookupState>()((set) => ({
  ...INITIAL,

  find: async (userId) => {
    const isLatest = latest.start();
    set({ userId, lookup: { status: 'loading' } });
    try {
      const profile = await fetchProfile(userId);
      if (isLatest()) set({ lookup: { status: 'found', username: profile.username } });
    } catch (error) {
      if (!isLatest()) return;
      // A malformed id is as unknown as a missing one.
      const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
      set({ lookup: { status: missing ? 'not-found' : 'error' } });
    }
  },

  reset: () => {
    latest.drop();
    set(INITIAL);
  },
}));

screenStoreLoaded('username-lookup', useUsernameLookupStore);
