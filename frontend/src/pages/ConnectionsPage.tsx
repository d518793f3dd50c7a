import type { ConnectionUser, SessionUser } from '@piste/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useSearchParams } from '../lib/router';
import { HeadedPage } from '../components/PageHeader';
import { TabPanel } from '../components/Tabs';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { BlockedList, ConnectionList } from '../components/connections/ConnectionList';
import {
  CONNECTIONS_TABS_ID,
  ConnectionsTabs,
  isConnectionsTab,
  type ConnectionsTab,
} from '../components/connections/ConnectionsTabs';
import { DiscoverPanel } from '../components/connections/DiscoverPanel';
import { IncomingRequestList, SentRequestList } from '../components/connections/RequestLists';
import { nameOf, stillLoading, useConnectionsStore } from '../stores/connections';

/** How long Discover waits after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 300;

type PendingConfirm =
  | { kind: 'block'; user: { id: string; name: string | null; username?: string } }
  | { kind: 'remove'; user: ConnectionUser };

/** /connections: Your Connections, Connection Requests, Sent Connection Requests and Discover. */
export function ConnectionsPage({ user }: { user: SessionUser }) {
  const { t } = useTranslation(['people', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const tab: ConnectionsTab = isConnectionsTab(requestedTab) ? requestedTab : 'connections';
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);

  const store = useConnectionsStore();
  const { connections, incoming, sent, blocked, discover, busy } = store;

  // Load everything the tabs count; the Header keeps the requests live.
  useEffect(() => useConnectionsStore.getState().openConnectionsPage(user.id), [user.id]);

  // Discover runs only for non-empty text, a moment after typing stops.
  useEffect(() => {
    if (!discover.query.trim()) {
      void useConnectionsStore.getState().search();
      return;
    }
    const timer = window.setTimeout(
      () => void useConnectionsStore.getState().searchAsTyped(),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [discover.query, discover.weapon]);

  function selectTab(next: ConnectionsTab) {
    setSearchParams(next === 'connections' ? {} : { tab: next }, { replace: true });
  }

  async function confirmAction() {
    if (!confirm) return;
    const { kind, user: target } = confirm;
    if (kind === 'block') await store.block(target.id);
    else await store.removeConnection(target);
    setConfirm(null);
  }

  const counts: Record<ConnectionsTab, number | null> = {
    connections: connections.length,
    requests: incoming.length,
    sent: sent.length,
    discover: null,
  };
  // Incoming and sent requests come in one fetch.
  const requestLists = { loading: stillLoading(store.requestsStatus), busy };
  const blockedOutsideConnections = blocked.filter((b) => !connections.some((c) => c.id === b.id));

  return (
    <HeadedPage width="medium" title={t('connections.title')} subtitle={t('connections.subtitle')}>
      <ConnectionsTabs tab={tab} counts={counts} selectTab={selectTab} />

      <TabPanel idPrefix={CONNECTIONS_TABS_ID} tab={tab}>
        {tab === 'connections' ? (
          <>
            <ConnectionList
              connections={connections}
              loading={stillLoading(store.connectionsStatus)}
              busy={busy}
              onDiscover={() => selectTab('discover')}
              onRemove={(target) => setConfirm({ kind: 'remove', user: target })}
              onBlock={(target) => setConfirm({ kind: 'block', user: target })}
              onUnblock={(target) => void store.unblock(target.id)}
            />
            <BlockedList
              blocked={blockedOutsideConnections}
              busy={busy}
              onUnblock={(target) => void store.unblock(target.id)}
            />
          </>
        ) : null}
        {tab === 'requests' ? (
          <IncomingRequestList
            requests={incoming}
            {...requestLists}
            onRespond={(request, status) => void store.respond(request.id, status)}
          />
        ) : null}
        {tab === 'sent' ? (
          <SentRequestList
            requests={sent}
            {...requestLists}
            onCancel={(request) => void store.cancelRequest(request.id, request.receiver)}
          />
        ) : null}
        {tab === 'discover' ? (
          <DiscoverPanel
            query={discover.query}
            weapon={discover.weapon}
            results={discover.results}
            status={discover.status}
            hasSearched={
              discover.status === 'error' ||
              (discover.shownFor !== null &&
                discover.shownFor.query === discover.query.trim() &&
                discover.shownFor.weapon === discover.weapon)
            }
            busy={busy}
            onQueryChange={store.setDiscoverQuery}
            onWeaponChange={store.setDiscoverWeapon}
            onConnect={(target) => void store.sendRequest(target.id)}
            onAccept={(target) => target.requestId && void store.respond(target.requestId, 'accepted')}
          />
        ) : null}
      </TabPanel>

      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'block'
            ? t('connections.confirm.blockTitle', { name: nameOf(confirm.user) })
            : t('connections.confirm.removeTitle', { name: confirm ? nameOf(confirm.user) : '' })
        }
        description={
          confirm?.kind === 'block'
            ? t('connections.confirm.blockDescription')
            : t('connections.confirm.removeDescription')
        }
        confirmLabel={
          confirm?.kind === 'block' ? t('common:actions.blockUser') : t('connections.menu.remove')
        }
        destructive
        pending={confirm ? !!busy[confirm.user.id] : false}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void confirmAction()}
      />
    </HeadedPage>
  );
}
