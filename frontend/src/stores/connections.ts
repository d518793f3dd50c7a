import type { BlockedUser, ConnectionRequest, ConnectionUser, Weapon } from '@piste/contracts';
import { useEffect } from 'react';
import { create } from 'zustand';
import * as connectionsApi from '../api/connections';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
/** Discover's weapon filter: one weapon, or every weapon. */
export type DiscoverWeapon = Weapon | 'all';

/** The spec's default for the Discover weapon (page-local state, default epee). */
export const DEFAULT_DISCOVER_WEAPON: DiscoverWeapon = 'epee';

interface DiscoverState {
  query: string;
  weapon: DiscoverWeapon;
  results: ConnectionUser[];
  status: LoadStatus;
  /** The query and weapon the shown results belong to. */
  shownFor: { query: string; weapon: DiscoverWeapon } | null;
}

interface ConnectionsState {
  /** Whose lists are loaded; null when signed out. */
  userId: string | null;
  connections: ConnectionUser[];
  incoming: ConnectionRequest[];
  sent: ConnectionRequest[];
  blocked: BlockedUser[];
  connectionsStatus: LoadStatus;
  requestsStatus: LoadStatus;
  blockedStatus: LoadStatus;
  discover: DiscoverState;
  /** Ids (users or requests) with a call in flight, so their buttons can wait. */
  busy: Record<string, true>;

  bindUser: (userId: string | null) => void;
  loadRequests: () => Promise<void>;
  loadConnections: () => Promise<void>;
  loadBlocked: () => Promise<void>;
  setDiscoverQuery: (query: string) => void;
  setDiscoverWeapon: (weapon: DiscoverWeapon) => void;
  /** Runs Discover for the current query and weapon (nothing for empty text). */
  search: () => Promise<void>;
  sendRequest: (receiverId: string) => Promise<ConnectionRequest>;
  respond: (requestId: string, status: 'accepted' | 'declined') => Promise<ConnectionRequest>;
  cancelRequest: (requestId: string) => Promise<void>;
  removeConnection: (userId: string) => Promise<void>;
  block: (userId: string) => Promise<void>;
  unblock: (userId: string) => Promise<void>;
  /** A socket hint that requests or connections changed: refetch what is shown. */
  refreshAfterEvent: (change: { connectionsChanged: boolean }) => void;
}

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

/** Later answers win: a slow reply to an older call never overwrites a newer one. */
const generation = { requests: 0, connections: 0, blocked: 0, search: 0 };

export const useConnectionsStore = create<ConnectionsState>()((set, get) => {
  /** Marks `id` busy while `run` is in flight. */
  async function whileBusy<T>(id: string, run: () => Promise<T>): Promise<T> {
    set((s) => ({ busy: { ...s.busy, [id]: true } }));
    try {
      return await run();
    } finally {
      set((s) => {
        const busy = { ...s.busy };
        delete busy[id];
        return { busy };
      });
    }
  }

  /** Updates the request hint of one Discover result. */
  function patchResult(userId: string, patch: Partial<ConnectionUser>) {
    set((s) => ({
      discover: {
        ...s.discover,
        results: s.discover.results.map((u) => (u.id === userId ? { ...u, ...patch } : u)),
      },
    }));
  }

  /** Only replies for the user still signed in are kept. */
  const stillFor = (userId: string) => get().userId === userId;

  return {
    userId: null,
    ...emptyLists,

    bindUser: (userId) => {
      if (get().userId === userId) return;
      generation.requests++;
      generation.connections++;
      generation.blocked++;
      generation.search++;
      set({ userId, ...emptyLists });
    },

    loadRequests: async () => {
      const userId = get().userId;
      if (!userId) return;
      const mine = ++generation.requests;
      set((s) => ({ requestsStatus: s.requestsStatus === 'ready' ? 'ready' : 'loading' }));
      try {
        const [incoming, sent] = await Promise.all([
          connectionsApi.fetchIncomingRequests(userId),
          connectionsApi.fetchSentRequests(userId),
        ]);
        if (mine !== generation.requests || !stillFor(userId)) return;
        set({ incoming, sent, requestsStatus: 'ready' });
      } catch (error) {
        if (mine === generation.requests && stillFor(userId)) set({ requestsStatus: 'error' });
        throw error;
      }
    },

    loadConnections: async () => {
      const userId = get().userId;
      if (!userId) return;
      const mine = ++generation.connections;
      set((s) => ({ connectionsStatus: s.connectionsStatus === 'ready' ? 'ready' : 'loading' }));
      try {
        const connections = await connectionsApi.fetchConnections();
        if (mine !== generation.connections || !stillFor(userId)) return;
        set({ connections, connectionsStatus: 'ready' });
      } catch (error) {
        if (mine === generation.connections && stillFor(userId)) set({ connectionsStatus: 'error' });
        throw error;
      }
    },

    loadBlocked: async () => {
      const userId = get().userId;
      if (!userId) return;
      const mine = ++generation.blocked;
      try {
        const blocked = await connectionsApi.fetchBlockedUsers();
        if (mine !== generation.blocked || !stillFor(userId)) return;
        set({ blocked, blockedStatus: 'ready' });
      } catch (error) {
        if (mine === generation.blocked && stillFor(userId)) set({ blockedStatus: 'error' });
        throw error;
      }
    },

    setDiscoverQuery: (query) => set((s) => ({ discover: { ...s.discover, query } })),
    setDiscoverWeapon: (weapon) => set((s) => ({ discover: { ...s.discover, weapon } })),

    search: async () => {
      const { userId, discover } = get();
      if (!userId) return;
      const query = discover.query.trim();
      const weapon = discover.weapon;
      const mine = ++generation.search;
      if (!query) {
        set((s) => ({ discover: { ...s.discover, results: [], status: 'idle', shownFor: null } }));
        return;
      }
      set((s) => ({ discover: { ...s.discover, status: 'loading' } }));
      try {
        const results = await connectionsApi.searchUsers(query, weapon === 'all' ? null : weapon);
        if (mine !== generation.search || !stillFor(userId)) return;
        set((s) => ({ discover: { ...s.discover, results, status: 'ready', shownFor: { query, weapon } } }));
      } catch (error) {
        if (mine === generation.search && stillFor(userId)) {
          set((s) => ({ discover: { ...s.discover, status: 'error' } }));
        }
        throw error;
      }
    },

    sendRequest: (receiverId) =>
      whileBusy(receiverId, async () => {
        const userId = get().userId;
        if (!userId) throw new Error('Not logged in');
        const request = await connectionsApi.sendFriendRequest(userId, receiverId);
        set((s) => ({ sent: [request, ...s.sent.filter((r) => r.id !== request.id)] }));
        patchResult(receiverId, { requestStatus: 'sent', requestId: request.id });
        return request;
      }),

    respond: (requestId, status) =>
      whileBusy(requestId, async () => {
        const request = await connectionsApi.respondToFriendRequest(requestId, status);
        set((s) => ({ incoming: s.incoming.filter((r) => r.id !== requestId) }));
        if (status === 'accepted') {
          // The new connection leaves Discover and joins the list.
          set((s) => ({
            discover: { ...s.discover, results: s.discover.results.filter((u) => u.id !== request.senderId) },
          }));
          void get()
            .loadConnections()
            .catch(() => undefined);
        } else {
          patchResult(request.senderId, { requestStatus: null, requestId: null });
        }
        return request;
      }),

    cancelRequest: (requestId) =>
      whileBusy(requestId, async () => {
        const request = get().sent.find((r) => r.id === requestId);
        await connectionsApi.cancelFriendRequest(requestId);
        set((s) => ({ sent: s.sent.filter((r) => r.id !== requestId) }));
        if (request) patchResult(request.receiverId, { requestStatus: null, requestId: null });
      }),

    removeConnection: (userId) =>
      whileBusy(userId, async () => {
        await connectionsApi.removeConnection(userId);
        set((s) => ({ connections: s.connections.filter((u) => u.id !== userId) }));
      }),

    block: (userId) =>
      whileBusy(userId, async () => {
        const entry = await connectionsApi.blockUser(userId);
        set((s) => ({
          blocked: [entry, ...s.blocked.filter((b) => b.id !== userId)],
          connections: s.connections.map((u) => (u.id === userId ? { ...u, isBlocked: true } : u)),
          // Pending requests between the two were withdrawn; search no longer shows them.
          incoming: s.incoming.filter((r) => r.senderId !== userId),
          sent: s.sent.filter((r) => r.receiverId !== userId),
          discover: { ...s.discover, results: s.discover.results.filter((u) => u.id !== userId) },
        }));
      }),

    unblock: (userId) =>
      whileBusy(userId, async () => {
        await connectionsApi.unblockUser(userId);
        set((s) => ({
          blocked: s.blocked.filter((b) => b.id !== userId),
          connections: s.connections.map((u) => (u.id === userId ? { ...u, isBlocked: false } : u)),
        }));
        // Unblocking both ways may bring back a connection hidden from this side.
        void get()
          .loadConnections()
          .catch(() => undefined);
      }),

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
