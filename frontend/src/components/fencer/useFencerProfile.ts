import type { ConnectionState } from '@piste/contracts';
import { useEffect } from 'react';
import { useFencerProfileStore, type FencerProfileLoad } from '../../stores/fencer-profile';
import { useSessionStore } from '../../stores/session';

export type { FencerProfileLoad } from '../../stores/fencer-profile';

export interface FencerProfileView {
  load: FencerProfileLoad;
  /** Fetches the profile again; the shown one stays until the reply comes. */
  reload: () => void;
  /** Shows a connection state the viewer's own action just produced. */
  setStanding: (connection: ConnectionState, requestId?: string) => void;
}

const fencerProfile = () => useFencerProfileStore.getState();
const reload = () => void fencerProfile().reload();
const setStanding = (connection: ConnectionState, requestId?: string) =>
  fencerProfile().setStanding(connection, requestId);
const LOADING: FencerProfileLoad = { status: 'loading' };

/**
 * A fencer's profile for /u/{username}, through the fencer-profile store: loaded once, then kept current while
 * shown (request events between the viewer and this fencer, and reconnects, refetch it; so does another user
 * signing in, who stands elsewhere with this fencer). Until the store shows this fencer, nothing of the one shown
 * before.
 */
export function useFencerProfile(username: string): FencerProfileView {
  const viewerId = useSessionStore((s) => s.user?.id);
  useEffect(() => {
    void fencerProfile().open(username);
    return fencerProfile().reset;
  }, [username, viewerId]);
  const shown = useFencerProfileStore((s) => s.username);
  const load = useFencerProfileStore((s) => s.load);
  return { load: shown === username ? load : LOADING, reload, setStanding };
}
