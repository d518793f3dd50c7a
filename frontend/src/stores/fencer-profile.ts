import i18next from 'i18next';
import type { ConnectionState, FencerProfile } from '@piste/contracts';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import { fetchFencerProfile } from '../api/profiles';
import { screenStoreLoaded } from '../realtime/screen-stores';
import { latestRequest } from './latest-request';

export type FencerProfileLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ready'; fencer: FencerProfile };

/** The two fencers of a connection request (new, answered or withdrawn). */
interface RequestPair {
  senderId: string;
  receiverId: string;
}

/**
 * The profile on the fencer page that is open (/u/{username}): loaded when the page opens, then kept current
 * while shown. Its connection state follows request events between the viewer and this fencer (the other side
 * accepting, withdrawing …), and it is fetched again after a reconnect (live-events.ts).
 */
interface FencerProfileState {
  /** Whose profile is shown (the username as the address spells it, lower-cased); null when none is. */
  username: string | null;
  load: FencerProfileLoad;
  /** Shows `username`'s profile from nothing. */
  open: (username: string) => Promise<void>;
  /** Fetches the profile again; the shown one stays until the reply comes. */
  reload: () => Promise<void>;
  /** Shows a connection state the viewer's own action just produced. */
  setStanding: (connection: ConnectionState, requestId?: string) => void;
  /** A request between the viewer and someone changed: the profile shown refetches when it is this fencer's. */
  receiveRequest: (pair: RequestPair) => void;
  /** After a reconnect: the profile shown is fetched again. */
  refreshIfShown: () => Promise<void>;
  /** The page is no longer on screen (or the signed-in user changed): nothing shown, nothing followed. */
  reset: () => void;
}

const INITIAL = { username: null, load: { status: 'loading' } } satisfies Partial<FencerProfileState>;

/** Later answers win: a slow reply to an older call never overwrites a newer one. */
const latest = latestRequest();

/** The fencer shown, once their profile has come. */
const shownFencerId = (load: FencerProfileLoad) => (load.status === 'ready' ? load.fencer.profile.id : null);

export const useFencerProfileStore = create<FencerProfileState>()((set, get) => ({
  ...INITIAL,

  open: async (username) => {
    set({ username, load: { status: 'loading' } });
    await get().reload();
  },

  reload: async () => {
    const { username } = get();
    if (!username) return;
    const isLatest = latest.start();
    try {
      const fencer = await fetchFencerProfile(username);
      if (isLatest()) set({ load: { status: 'ready', fencer } });
    } catch (error) {
      if (!isLatest()) return;
      if (error instanceof ApiError && error.status === 404) set({ load: { status: 'not-found' } });
      else
        set({
          load: {
            status: 'error',
            message: errorMessage(error, i18next.t('people:profile.toasts.loadFailed')),
          },
        });
    }
  },

  setStanding: (connection, requestId) =>
    set(({ load }) =>
      load.status === 'ready'
        ? { load: { status: 'ready', fencer: { ...load.fencer, connection, requestId } } }
        : {},
    ),

  receiveRequest: ({ senderId, receiverId }) => {
    const fencerId = shownFencerId(get().load);
    if (fencerId && (senderId === fencerId || receiverId === fencerId)) void get().reload();
  },

  refreshIfShown: async () => {
    if (shownFencerId(get().load)) await get().reload();
  },

  reset: () => {
    latest.drop();
    set(INITIAL);
  },
}));

screenStoreLoaded('fencer-profile', useFencerProfileStore);
