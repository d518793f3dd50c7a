import type { ConnectionUser, SessionUser } from '@piste/contracts';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HomeButton } from '../components/HomeButton';
import { PageHeader } from '../components/PageHeader';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { BlockedList, ConnectionList } from '../components/connections/ConnectionList';
import { DiscoverPanel } from '../components/connections/DiscoverPanel';
import { IncomingRequestList, SentRequestList } from '../components/connections/RequestLists';
import { nameOf, stillLoading, useConnectionsStore } from '../stores/connections';

const TABS = ['connections', 'requests', 'sent', 'discover'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => !!value && (TABS as readonly string[]).includes(value);

/** How long Discover waits after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 300;

type PendingConfirm =
  | { kind: 'block'; user: { id: string; name: string | null; username?: string } }
  | { kind: 'remove'; user: ConnectionUser };

/** /connections: Your Connections, Connection Requests, Sent Connection Requests and Discover. */
export function ConnectionsPage({ user }: { user: SessionUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const tab: Tab = isTab(requestedTab) ? requestedTab : 'connections';
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

  function selectTab(next: Tab) {
    setSearchParams(next === 'connections' ? {} : { tab: next }, { replace: true });
  }

  async function confirmAction() {
    if (!confirm) return;
    const { kind, user: target } = confirm;
    if (kind === 'block') await store.block(target.id);
    else await store.removeConnection(target);
    setConfirm(null);
  }

  const counts: Record<Tab, number | null> = {
    connections: connections.length,
    requests: incoming.length,
    sent: sent.length,
    discover: null,
  };
  const labels: Record<Tab, string> = {
    connections: 'Your Connections',
    requests: 'Connection Requests',
    sent: 'Sent Connection Requests',
    discover: 'Discover',
  };
  const blockedOutsideConnections = blocked.filter((b) => !connections.some((c) => c.id === b.id));

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length];
    selectTab(next);
    document.getElementById(`connections-tab-${next}`)?.focus();
  }

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader
        title="Connections"
        subtitle="Grow your fencing network and manage your requests"
        actions={<HomeButton />}
      />

      <div
        role="tablist"
        aria-label="Connections"
        onKeyDown={onTabKeyDown}
        className="mb-5 grid grid-cols-2 gap-2 sm:flex sm:gap-1 sm:border-b sm:border-slate-200 dark:sm:border-slate-800"
      >
        {TABS.map((id) => {
          const active = id === tab;
          const count = counts[id];
          const highlight = id === 'requests' && (count ?? 0) > 0;
          return (
            <button
              key={id}
              id={`connections-tab-${id}`}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`connections-panel-${id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => selectTab(id)}
              className={`relative flex items-center justify-between gap-2 rounded-xl border px-3 py-2 text-left text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 sm:-mb-px sm:justify-start sm:rounded-none sm:border-0 sm:border-b-2 sm:py-2.5 sm:whitespace-nowrap sm:focus-visible:outline-offset-[-2px] dark:focus-visible:outline-slate-300 ${
                active
                  ? 'border-slate-900 bg-slate-900 text-white sm:border-slate-900 sm:bg-transparent sm:text-slate-900 dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900 dark:sm:border-slate-100 dark:sm:bg-transparent dark:sm:text-slate-100'
                  : 'border-slate-200 bg-white text-slate-600 hover:text-slate-900 sm:border-transparent sm:bg-transparent sm:text-slate-500 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 dark:hover:text-white dark:sm:border-transparent dark:sm:bg-transparent dark:sm:text-slate-400 dark:sm:hover:text-white'
              }`}
            >
              {labels[id]}
              {count !== null ? (
                <span
                  data-testid={`tab-count-${id}`}
                  className={`rounded-full px-2 py-0.5 text-xs ${
                    highlight
                      ? 'bg-red-600 text-white'
                      : active
                        ? 'bg-white text-slate-900 sm:bg-slate-900 sm:text-white dark:bg-slate-900 dark:text-slate-100 dark:sm:bg-slate-100 dark:sm:text-slate-900'
                        : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'
                  }`}
                >
                  <span className="sr-only">(</span>
                  {count}
                  <span className="sr-only">)</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>

      <div id={`connections-panel-${tab}`} role="tabpanel" aria-labelledby={`connections-tab-${tab}`}>
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
            loading={stillLoading(store.requestsStatus)}
            busy={busy}
            onRespond={(request, status) => void store.respond(request.id, status)}
          />
        ) : null}
        {tab === 'sent' ? (
          <SentRequestList
            requests={sent}
            loading={stillLoading(store.requestsStatus)}
            busy={busy}
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
      </div>

      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'block'
            ? `Block ${nameOf(confirm.user)}?`
            : `Remove ${confirm ? nameOf(confirm.user) : ''}?`
        }
        description={
          confirm?.kind === 'block'
            ? "You won't see each other's posts, comments or search results, and neither of you can send the other messages or connection requests. Your connection is kept and works again if you unblock."
            : 'You will no longer be connected. You can send a new connection request later.'
        }
        confirmLabel={confirm?.kind === 'block' ? 'Block User' : 'Remove connection'}
        destructive
        pending={confirm ? !!busy[confirm.user.id] : false}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void confirmAction()}
      />
    </section>
  );
}
