import i18next from 'i18next';
import type { BlockedUser, ConnectionRequest, ConnectionUser } from '@piste/contracts';
import { useEffect } from 'react';
import { create } from 'zustand';
import { errorMessage } from '../../api/client';
import * as connectionsApi from '../../api/connections';
import { notify } from '../../lib/toast';
import { latestRequest } from '../latest-request';
import { createOwnActions } from './own-actions';
import { DEFAULT_DISCOVER_WEAPON, type ConnectionsState, type DiscoverState, type LoadStatus } from './types';

export { DEFAULT_DISCOVER_WEAPON, nameOf, stillLoading } from './types';
export type { ConnectionsState, DiscoverWeapon, LoadStatus, NamedFencer } from './types';

const emptyDiscover: DiscoverState = {
  query: '',
  weapon: DEFAULT_DISCOVER_WEAPON,
  results: [],
  status: 'idle',
  shownFor: null,
};

const emptyLists = {
  connections: [] as ConnectionUser[],
  incoming: [] as ConnectionRequest[],
  sent: [] as ConnectionRequest[],
  blocked: [] as BlockedUser[],
  connectionsStatus: 'idle' as LoadStatus,
  requestsStatus: 'idle' as LoadStatus,
  blockedStatus: 'idle' as LoadStatus,
  discover: emptyDiscover,
  busy: {} as Record<string, true>,
};

type ListKind = 'requests' | 'connections' | 'blocked';
const LIST_STATUS = {
  requests: 'requestsStatus',
  connections: 'connectionsStatus',
  blocked: 'blockedStatus',
} as const;

function listStatus(kind: ListKind, status: LoadStatus): Partial<ConnectionsState> {
  return { [LIST_STATUS[kind]]: status };
}

/** Later answers win: a slow reply to an older call never overwrites a newer one. */
const latest = {
  requests: latestRequest(),
  connections: latestRequest(),
  blocked: latestRequest(),
  search: latestRequest(),
};

export const useConnectionsStore = create<ConnectionsState>()((set, get) => {
  /** Only replies for the user still signed in are kept. */
  const stillFor = (userId: string) => get().userId === userId;

  /**
   * Loads one of the signed-in user's lists: `fetch` answers with its entries. Later loads win, and a list
   * already shown stays shown while it refreshes (the blocked users are never shown as loading).
   */
  async function loadList(
    kind: ListKind,
    fetch: (userId: string) => Promise<Partial<ConnectionsState>>,
  ): Promise<void> {
    const userId = get().userId;
    if (!userId) return;
    const isNewest = latest[kind].start();
    const isLatest = () => isNewest() && stillFor(userId);
    if (kind !== 'blocked')
      set((s) => listStatus(kind, s[LIST_STATUS[kind]] === 'ready' ? 'ready' : 'loading'));
    try {
      const entries = await fetch(userId);
      if (isLatest()) set({ ...entries, ...listStatus(kind, 'ready') });
    } catch (error) {
      if (isLatest()) set(listStatus(kind, 'error'));
      throw error;
    }
  }

  return {
    userId: null,
    ...emptyLists,

    bindUser: (userId) => {
      if (get().userId === userId) return;
      Object.values(latest).forEach((calls) => calls.drop());
      set({ userId, ...emptyLists });
    },

    loadRequests: () =>
      loadList('requests', async (userId) => {
        const [incoming, sent] = await Promise.all([
          connectionsApi.fetchIncomingRequests(userId),
          connectionsApi.fetchSentRequests(userId),
        ]);
        return { incoming, sent };
      }),
    loadConnections: () =>
      loadList('connections', async () => ({ connections: await connectionsApi.fetchConnections() })),
    loadBlocked: () =>
      loadList('blocked', async () => ({ blocked: await connectionsApi.fetchBlockedUsers() })),

    setDiscoverQuery: (query) => set((s) => ({ discover: { ...s.discover, query } })),
    setDiscoverWeapon: (weapon) => set((s) => ({ discover: { ...s.discover, weapon } })),

    search: async () => {
      const { userId, discover } = get();
      if (!userId) return;
      const query = discover.query.trim();
      const weapon = discover.weapon;
      const isLatest = latest.search.start();
      if (!query) {
        set((s) => ({ discover: { ...s.discover, results: [], status: 'idle', shownFor: null } }));
        return;
      }
      set((s) => ({ discover: { ...s.discover, status: 'loading' } }));
      try {
        const results = await connectionsApi.searchUsers(query, weapon === 'all' ? null : weapon);
        if (!isLatest() || !stillFor(userId)) return;
        set((s) => ({ discover: { ...s.discover, results, status: 'ready', shownFor: { query, weapon } } }));
      } catch (error) {
        if (isLatest() && stillFor(userId)) {
          set((s) => ({ discover: { ...s.discover, status: 'error' } }));
        }
        throw error;
      }
    },

    searchAsTyped: () =>
      get()
        .search()
        .catch(
          (error: unknown) =>
            void notify.error(errorMessage(error, i18next.t('common:connectionToasts.searchFailed'))),
        ),

    openConnectionsPage: (userId) => {
      const state = get();
      state.bindUser(userId);
      state
        .loadConnections()
        .catch((error: unknown) =>
          notify.error(errorMessage(error, i18next.t('common:connectionToasts.fetchFailed'))),
        );
      state
        .loadRequests()
        .catch((error: unknown) =>
          notify.error(errorMessage(error, i18next.t('common:connectionToasts.fetchRequestsFailed'))),
        );
      state.loadBlocked().catch(() => undefined);
    },

    openMessagesPage: (userId) => {
      const state = get();
      state.bindUser(userId);
      const shown = get().connectionsStatus === 'ready';
      // Without the list the menu offers Block User; the server answers for the real state.
      state.loadBlocked().catch(() => undefined);
      return state.loadConnections().catch(() => {
        if (!shown) notify.error(i18next.t('common:connectionToasts.fetchFailed'));
      });
    },

    ...createOwnActions(set, get, () => latest.blocked.drop()),

    refreshAfterEvent: ({ connectionsChanged }) => {
      const state = get();
      if (!state.userId) return;
      void state.loadRequests().catch(() => undefined);
      if (connectionsChanged && state.connectionsStatus !== 'idle') {
        void state.loadConnections().catch(() => undefined);
      }
      // Keep Discover's request hints honest.
      if (state.discover.shownFor) void state.search().catch(() => undefined);
    },
  };
});

export interface ConnectionRequestBadgeValue {
  count: number;
  variant: 'incoming' | 'sent';
}

/** Red with the incoming pending count; else green with the sent pending count; else nothing. */
export function selectRequestBadge(
  state: Pick<ConnectionsState, 'incoming' | 'sent'>,
): ConnectionRequestBadgeValue | null {
  return badgeFor(state.incoming.length, state.sent.length);
}

function badgeFor(incoming: number, sent: number): ConnectionRequestBadgeValue | null {
  if (incoming > 0) return { count: incoming, variant: 'incoming' };
  if (sent > 0) return { count: sent, variant: 'sent' };
  return null;
}

/**
 * Keeps the signed-in user's requests loaded (live updates come through live-events.ts). Mounted once, by the
 * Header, for as long as someone is signed in.
 */
export function useLiveConnectionRequests(userId: string): void {
  useEffect(() => {
    const store = useConnectionsStore.getState();
    store.bindUser(userId);
    void store.loadRequests().catch(() => undefined);
    // Signed out (the Header unmounts): forget this user's lists.
    return () => useConnectionsStore.getState().bindUser(null);
  }, [userId]);
}

/** After a reconnect: the requests, and the lists that are shown, may have changed meanwhile. */
export function refreshConnectionsAfterReconnect(): void {
  const state = useConnectionsStore.getState();
  state.refreshAfterEvent({ connectionsChanged: true });
  if (state.blockedStatus !== 'idle') void state.loadBlocked().catch(() => undefined);
}

/** The Header's connections badge, live. */
export function useConnectionRequestBadge(userId: string): ConnectionRequestBadgeValue | null {
  useLiveConnectionRequests(userId);
  const incoming = useConnectionsStore((s) => s.incoming.length);
  const sent = useConnectionsStore((s) => s.sent.length);
  return badgeFor(incoming, sent);
}
