import type { BlockedUser, ConnectionRequest, ConnectionUser, Weapon } from '@piste/contracts';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A list not yet answered: shown as loading (an error shows what it has instead). */
export const stillLoading = (status: LoadStatus): boolean => status === 'idle' || status === 'loading';
/** Discover's weapon filter: one weapon, or every weapon. */
export type DiscoverWeapon = Weapon | 'all';

/** The spec's default for the Discover weapon (page-local state, default epee). */
export const DEFAULT_DISCOVER_WEAPON: DiscoverWeapon = 'epee';

export interface DiscoverState {
  query: string;
  weapon: DiscoverWeapon;
  results: ConnectionUser[];
  status: LoadStatus;
  /** The query and weapon the shown results belong to. */
  shownFor: { query: string; weapon: DiscoverWeapon } | null;
}

export interface ConnectionsState {
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
  /** Discover's search as the user typed it: a failure says so. */
  searchAsTyped: () => Promise<void>;
  /** The Connections page opens: every list it counts loads, and a failed one says so. */
  openConnectionsPage: (userId: string) => void;
  /**
   * The Messages page opens: the connections (who can be messaged) and the blocked users load. A failure
   * says so only when no list was shown before. Resolves once the connections have answered.
   */
  openMessagesPage: (userId: string) => Promise<void>;

  // The user's own actions: each says how it went in a toast, and resolves to whether it worked.
  /** The new request, or null when it failed. */
  sendRequest: (receiverId: string) => Promise<ConnectionRequest | null>;
  respond: (requestId: string, status: 'accepted' | 'declined') => Promise<boolean>;
  cancelRequest: (requestId: string, receiver: NamedFencer) => Promise<boolean>;
  removeConnection: (user: NamedFencer & { id: string }) => Promise<boolean>;
  block: (userId: string) => Promise<boolean>;
  unblock: (userId: string) => Promise<boolean>;
  /** A socket hint that requests or connections changed: refetch what is shown. */
  refreshAfterEvent: (change: { connectionsChanged: boolean }) => void;
}

/** Whom a toast or a dialog names: the name, else the username. */
export interface NamedFencer {
  name: string | null;
  username?: string;
}

export const nameOf = (user: NamedFencer): string => user.name ?? user.username ?? 'this fencer';
