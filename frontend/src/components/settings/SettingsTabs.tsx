import { Bell, FolderLock, ShieldCheck, UserRound, VolumeX, type LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { onArrowKeys, tabButtonProps } from '../Tabs';

export const SETTINGS_TABS = ['account', 'security', 'notifications', 'muted', 'privacy'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Prefix of the tab and panel ids (the page's tab panel uses it too). */
export const SETTINGS_TABS_ID = 'settings';

export const isSettingsTab = (value: string | null): value is SettingsTab =>
  !!value && (SETTINGS_TABS as readonly string[]).includes(value);

const TAB_LOOKS = {
  account: { label: 'tabs.account', icon: UserRound },
  security: { label: 'tabs.security', icon: ShieldCheck },
  notifications: { label: 'tabs.notifications', icon: Bell },
  muted: { label: 'tabs.muted', icon: VolumeX },
  privacy: { label: 'tabs.privacy', icon: FolderLock },
} as const satisfies Record<SettingsTab, { label: string; icon: LucideIcon }>;

/**
 * The settings' tabs in a row over an underline; the arrow keys move between them. On a phone the row scrolls
 * sideways (the page never does), and the chosen tab is scrolled into view.
 */
export function SettingsTabs({
  tab,
  selectTab,
}: {
  tab: SettingsTab;
  selectTab: (tab: SettingsTab) => void;
}) {
  const { t } = useTranslation('settings');
  const activeTab = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    activeTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  return (
    <div
      role="tablist"
      aria-label={t('page.title')}
      onKeyDown={onArrowKeys(SETTINGS_TABS, tab, SETTINGS_TABS_ID, selectTab)}
      className="mb-6 flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_0] shadow-slate-200 [scrollbar-width:none] dark:shadow-slate-800"
    >
      {SETTINGS_TABS.map((id) => {
        const active = id === tab;
        const { label, icon: Icon } = TAB_LOOKS[id];
        return (
          <button
            key={id}
            ref={active ? activeTab : undefined}
            {...tabButtonProps(SETTINGS_TABS_ID, id, active, selectTab)}
            className={`inline-flex shrink-0 items-center gap-2 border-b-2 px-2.5 py-2.5 sm:px-3 text-sm font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${
              active
                ? 'border-slate-900 text-slate-900 dark:border-slate-100 dark:text-slate-100'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
            }`}
          >
            {/* On a phone the labels alone, so most of the row shows at once. */}
            <Icon aria-hidden className="hidden size-4 sm:block" />
            {t(label)}
          </button>
        );
      })}
    </div>
  );
}
