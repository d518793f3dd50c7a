import { useTranslation } from '../../i18n/use-translation';
import { onArrowKeys, tabButtonProps } from '../Tabs';

export const CONNECTIONS_TABS = ['connections', 'requests', 'sent', 'discover'] as const;
export type ConnectionsTab = (typeof CONNECTIONS_TABS)[number];

/** Prefix of the tab and panel ids (the page's tab panel uses it too). */
export const CONNECTIONS_TABS_ID = 'connections';

export const isConnectionsTab = (value: string | null): value is ConnectionsTab =>
  !!value && (CONNECTIONS_TABS as readonly string[]).includes(value);

const labels = {
  connections: 'connections.tabs.connections',
  requests: 'connections.tabs.requests',
  sent: 'connections.tabs.sent',
  discover: 'connections.tabs.discover',
} as const satisfies Record<ConnectionsTab, string>;

interface ConnectionsTabsProps {
  tab: ConnectionsTab;
  /** Each tab's count; null for none (Discover). */
  counts: Record<ConnectionsTab, number | null>;
  selectTab: (tab: ConnectionsTab) => void;
}

/** The Connections page's tabs with their counts; the arrow keys move between them. */
export function ConnectionsTabs({ tab, counts, selectTab }: ConnectionsTabsProps) {
  const { t } = useTranslation('people');
  return (
    <div
      role="tablist"
      aria-label={t('connections.title')}
      onKeyDown={onArrowKeys(CONNECTIONS_TABS, tab, CONNECTIONS_TABS_ID, selectTab)}
      className="mb-5 grid grid-cols-2 gap-2 sm:flex sm:gap-1 sm:border-b sm:border-slate-200 dark:sm:border-slate-800"
    >
      {CONNECTIONS_TABS.map((id) => {
        const active = id === tab;
        const count = counts[id];
        const highlight = id === 'requests' && (count ?? 0) > 0;
        return (
          <button
            key={id}
            {...tabButtonProps(CONNECTIONS_TABS_ID, id, active, selectTab)}
            className={`relative flex items-center justify-between gap-2 rounded-xl border px-3 py-2 text-left text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 sm:-mb-px sm:justify-start sm:rounded-none sm:border-0 sm:border-b-2 sm:py-2.5 sm:whitespace-nowrap sm:focus-visible:outline-offset-[-2px] dark:focus-visible:outline-slate-300 ${
              active
                ? 'border-slate-900 bg-slate-900 text-white sm:border-slate-900 sm:bg-transparent sm:text-slate-900 dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900 dark:sm:border-slate-100 dark:sm:bg-transparent dark:sm:text-slate-100'
                : 'border-slate-200 bg-white text-slate-600 hover:text-slate-900 sm:border-transparent sm:bg-transparent sm:text-slate-500 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 dark:hover:text-white dark:sm:border-transparent dark:sm:bg-transparent dark:sm:text-slate-400 dark:sm:hover:text-white'
            }`}
          >
            {t(labels[id])}
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
  );
}
