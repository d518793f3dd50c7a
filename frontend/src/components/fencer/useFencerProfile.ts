import i18next from 'i18next';
import type { ConnectionState, FencerProfile } from '@piste/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { fetchFencerProfile } from '../../api/profiles';
import { onReconnect, onServerEvent } from '../../realtime/socket';

export type FencerProfileLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ready'; fencer: FencerProfile };

export interface FencerProfileView {
  load: FencerProfileLoad;
  /** Fetches the profile again; the shown one stays until the reply comes. */
  reload: () => void;
  /** Shows a connection state the viewer's own action just produced. */
  setStanding: (connection: ConnectionState, requestId?: string) => void;
}

/**
 * A fencer's profile for /u/{username}: loaded once, then kept current while shown. The connection state
 * follows request events between the viewer and this fencer (the other side accepting, withdrawing …), and
 * everything is fetched again after a reconnect.
 */
export function useFencerProfile(username: string): FencerProfileView {
  const [load, setLoad] = useState<FencerProfileLoad>({ status: 'loading' });
  // Later answers win: a slow reply to an older call never overwrites a newer one.
  const latestCall = useRef(0);

  const reload = useCallback(() => {
    const call = ++latestCall.current;
    fetchFencerProfile(username).then(
      (fencer) => {
        if (call === latestCall.current) setLoad({ status: 'ready', fencer });
      },
      (error: unknown) => {
        if (call !== latestCall.current) return;
        if (error instanceof ApiError && error.status === 404) setLoad({ status: 'not-found' });
        else
          setLoad({
            status: 'error',
            message: errorMessage(error, i18next.t('people:profile.toasts.loadFailed')),
          });
      },
    );
  }, [username]);

  useEffect(() => reload(), [reload]);

  const fencerId = load.status === 'ready' ? load.fencer.profile.id : null;
  useEffect(() => {
    if (!fencerId) return;
    const reloadIfFencer = (pair: { senderId: string; receiverId: string }) => {
      if (pair.senderId === fencerId || pair.receiverId === fencerId) reload();
    };
    const unsubscribe = [
      onServerEvent('friend-request:new', ({ request }) => reloadIfFencer(request)),
      onServerEvent('friend-request:updated', ({ request }) => reloadIfFencer(request)),
      onServerEvent('friend-request:removed', reloadIfFencer),
      onReconnect(reload),
    ];
    return () => unsubscribe.forEach((off) => off());
  }, [fencerId, reload]);

  const setStanding = useCallback((connection: ConnectionState, requestId?: string) => {
    setLoad((current) =>
      current.status === 'ready'
        ? { status: 'ready', fencer: { ...current.fencer, connection, requestId } }
        : current,
    );
  }, []);

  return { load, reload, setStanding };
}
