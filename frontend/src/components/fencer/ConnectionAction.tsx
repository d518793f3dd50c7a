import type { ConnectionState, FencerProfile } from '@piste/contracts';
import { Check, Clock, MessageCircle, Pencil, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { banNotice, useBannedUntil } from '../../stores/ban';
import { useConnectionsStore, type ConnectionsState } from '../../stores/connections';
import { Button } from '../Button';

/** A link drawn as Button's primary variant (Message, Edit profile), so it changes with the buttons beside it. */
const BUTTON_LINK =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-transparent bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white dark:focus-visible:outline-slate-300';

interface ConnectionActionProps {
  fencer: FencerProfile;
  /** The viewer's own action changed the state. */
  onStanding: (connection: ConnectionState, requestId?: string) => void;
  /** A call failed, so the shown state may be out of date. */
  onStale: () => void;
}

/**
 * The one connection action that fits where the viewer stands with the fencer: Connect, Pending (which can be
 * withdrawn), Accept (or decline), Message — or, on your own page, Edit profile. Calls go through the
 * connections store, so the header's badge and the Connections page follow.
 */
export function ConnectionAction({ fencer, onStanding, onStale }: ConnectionActionProps) {
  const { t } = useTranslation('people');
  const { profile, connection, requestId } = fencer;
  const name = profile.name ?? profile.username;
  const [acting, setActing] = useState(false);
  // A banned user may answer requests they received, not send new ones.
  const bannedUntil = useBannedUntil();

  /** Runs one call of the connections store (which says how it went); a failure may mean a stale state. */
  async function run(action: (store: ConnectionsState) => Promise<boolean>) {
    setActing(true);
    try {
      if (!(await action(useConnectionsStore.getState()))) onStale();
    } finally {
      setActing(false);
    }
  }

  const connect = () =>
    run(async (store) => {
      const request = await store.sendRequest(profile.id);
      if (request) onStanding('pending-sent', request.id);
      return request !== null;
    });

  const respond = (id: string, status: 'accepted' | 'declined') =>
    run(async (store) => {
      const answered = await store.respond(id, status);
      if (answered) onStanding(status === 'accepted' ? 'connected' : 'none');
      return answered;
    });

  const withdraw = (id: string) =>
    run(async (store) => {
      const withdrawn = await store.cancelRequest(id, profile);
      if (withdrawn) onStanding('none');
      return withdrawn;
    });

  switch (connection) {
    case 'self':
      return (
        <Link to="/profile" className={BUTTON_LINK}>
          <Pencil aria-hidden className="size-4" />
          {t('connectionAction.editProfile')}
        </Link>
      );
    case 'connected':
      return (
        <Link to={`/messages?with=${encodeURIComponent(profile.id)}`} className={BUTTON_LINK}>
          <MessageCircle aria-hidden className="size-4" />
          {t('connectionAction.message')}
        </Link>
      );
    case 'none':
      return (
        <Button
          onClick={() => void connect()}
          disabled={acting || !!bannedUntil}
          title={bannedUntil ? banNotice(bannedUntil) : undefined}
        >
          <UserPlus aria-hidden className="size-4" />
          {t('connectionAction.connect')}
        </Button>
      );
    case 'pending-sent':
      return (
        <>
          <Button variant="outline" disabled aria-describedby="fencer-pending-note">
            <Clock aria-hidden className="size-4" />
            {t('connectionAction.pending')}
          </Button>
          <span id="fencer-pending-note" className="sr-only">
            {t('connectionAction.pendingNote', { name })}
          </span>
          {requestId ? (
            <Button variant="ghost" disabled={acting} onClick={() => void withdraw(requestId)}>
              {t('connectionAction.withdraw')}
            </Button>
          ) : null}
        </>
      );
    case 'pending-received':
      return requestId ? (
        <>
          <Button disabled={acting} onClick={() => void respond(requestId, 'accepted')}>
            <Check aria-hidden className="size-4" />
            {t('connectionAction.accept')}
          </Button>
          <Button variant="outline" disabled={acting} onClick={() => void respond(requestId, 'declined')}>
            <X aria-hidden className="size-4" />
            {t('connectionAction.decline')}
          </Button>
        </>
      ) : null;
  }
}
