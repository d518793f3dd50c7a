import type { KeyboardEvent, ReactNode } from 'react';

/** The ids that tie a tab to its panel: `${idPrefix}-tab-${tab}` labels `${idPrefix}-panel-${tab}`. */
export const tabElementId = (idPrefix: string, tab: string) => `${idPrefix}-tab-${tab}`;
export const panelElementId = (idPrefix: string, tab: string) => `${idPrefix}-panel-${tab}`;

/**
 * The arrow keys on a tab list: Left and Right select the previous or next tab (round the ends) and move the
 * focus onto it, as the ARIA tabs pattern asks.
 */
export function onArrowKeys<Tab extends string>(
  tabs: readonly Tab[],
  current: Tab,
  idPrefix: string,
  select: (tab: Tab) => void,
) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(current) + step + tabs.length) % tabs.length];
    select(next);
    document.getElementById(tabElementId(idPrefix, next))?.focus();
  };
}

/** What makes a button one of a tab list's tabs: its id, its role and selection, and the panel it controls. */
export function tabButtonProps<Tab extends string>(
  idPrefix: string,
  tab: Tab,
  isSelected: boolean,
  select: (tab: Tab) => void,
) {
  return {
    id: tabElementId(idPrefix, tab),
    type: 'button',
    role: 'tab',
    'aria-selected': isSelected,
    'aria-controls': panelElementId(idPrefix, tab),
    tabIndex: isSelected ? 0 : -1,
    onClick: () => select(tab),
  } as const;
}

interface TabPanelProps {
  idPrefix: string;
  tab: string;
  className?: string;
  children: ReactNode;
}

/** The selected tab's content, named by its tab. */
export function TabPanel({ idPrefix, tab, className, children }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={panelElementId(idPrefix, tab)}
      aria-labelledby={tabElementId(idPrefix, tab)}
      className={className}
    >
      {children}
    </div>
  );
}

/** How a segmented control sits: roomy in a card (sign-in), tighter in the Messages sidebar. */
const SEGMENT_STYLES = {
  roomy: {
    list: 'mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800',
    tab: 'py-2',
    selected: 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white',
  },
  compact: {
    list: 'grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800',
    tab: 'px-3 py-1.5',
    selected: 'bg-white text-slate-900 shadow-sm dark:bg-slate-900 dark:text-slate-100',
  },
};

interface SegmentedTabsProps<Tab extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly { id: Tab; label: string }[];
  selected: Tab;
  onSelect: (tab: Tab) => void;
  /** Prefix of the tab and panel ids; the panel is a {@link TabPanel} with the same prefix. */
  idPrefix: string;
  size: keyof typeof SEGMENT_STYLES;
}

/** Two or more tabs side by side in a grey track, the selected one raised. */
export function SegmentedTabs<Tab extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  size,
}: SegmentedTabsProps<Tab>) {
  const styles = SEGMENT_STYLES[size];
  const onKeyDown = onArrowKeys(
    tabs.map((tab) => tab.id),
    selected,
    idPrefix,
    onSelect,
  );
  return (
    <div role="tablist" aria-label={label} className={styles.list}>
      {tabs.map(({ id, label: tabLabel }) => {
        const isSelected = id === selected;
        return (
          <button
            key={id}
            {...tabButtonProps(idPrefix, id, isSelected, onSelect)}
            onKeyDown={onKeyDown}
            className={`rounded-md ${styles.tab} text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${
              isSelected
                ? styles.selected
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
            }`}
          >
            {tabLabel}
          </button>
        );
      })}
    </div>
  );
}
