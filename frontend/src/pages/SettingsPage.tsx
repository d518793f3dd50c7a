import type { SessionUser } from '@piste/contracts';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useSearchParams } from '../lib/router';
import { HeadedPage } from '../components/PageHeader';
import { AccountPanel } from '../components/settings/AccountPanel';
import { CalendarFeedPanel } from '../components/settings/CalendarFeedPanel';
import { MutedPanel } from '../components/settings/MutedPanel';
import { NotificationsPanel } from '../components/settings/NotificationsPanel';
import { PrivacyPanel } from '../components/settings/PrivacyPanel';
import { SecurityPanel } from '../components/settings/SecurityPanel';
import {
  isSettingsTab,
  SETTINGS_TABS_ID,
  SettingsTabs,
  type SettingsTab,
} from '../components/settings/SettingsTabs';
import { TabPanel } from '../components/Tabs';
import { useAccountExportStore } from '../stores/account-export';
import { useAccountSessionsStore } from '../stores/account-sessions';
import { useAccountStore } from '../stores/account';
import { useCalendarFeedStore } from '../stores/calendar-feed';
import { useMutedSettingsStore } from '../stores/muted-settings';
import { useNotificationSettingsStore } from '../stores/notification-settings';
import { usePasskeysStore } from '../stores/passkeys';
import { useTwoFactorStore } from '../stores/two-factor';

/**
 * /settings: the Account, Security, Notifications, Muted and Privacy and data tabs; the tab is in the URL
 * (`?tab=security`, `?tab=notifications`, `?tab=muted`, `?tab=privacy`), so mails and notifications can link to it.
 */
export function SettingsPage({ user }: { user: SessionUser }) {
  const { t } = useTranslation('settings');
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requestedTab) ? requestedTab : 'account';

  useEffect(() => {
    void useAccountStore.getState().load();
  }, [user.id, user.emailVerified]);

  useEffect(() => {
    if (tab === 'security') void useAccountSessionsStore.getState().load();
    if (tab === 'security') void useTwoFactorStore.getState().load();
    if (tab === 'security') void usePasskeysStore.getState().load();
    if (tab === 'privacy') void useAccountExportStore.getState().load();
    if (tab === 'notifications') void useNotificationSettingsStore.getState().load();
    if (tab === 'notifications') void useCalendarFeedStore.getState().load();
    if (tab === 'muted') void useMutedSettingsStore.getState().load(user.id);
  }, [tab, user.id]);

  function selectTab(next: SettingsTab) {
    setSearchParams(next === 'account' ? {} : { tab: next }, { replace: true });
  }

  return (
    <HeadedPage width="medium" title={t('page.title')} subtitle={t('page.subtitle')}>
      <SettingsTabs tab={tab} selectTab={selectTab} />
      <TabPanel idPrefix={SETTINGS_TABS_ID} tab={tab} className="space-y-6">
        <SettingsPanel tab={tab} />
      </TabPanel>
    </HeadedPage>
  );
}

function SettingsPanel({ tab }: { tab: SettingsTab }) {
  switch (tab) {
    case 'account':
      return <AccountPanel />;
    case 'security':
      return <SecurityPanel />;
    case 'notifications':
      return (
        <>
          <NotificationsPanel />
          <CalendarFeedPanel />
        </>
      );
    case 'muted':
      return <MutedPanel />;
    case 'privacy':
      return <PrivacyPanel />;
  }
}
