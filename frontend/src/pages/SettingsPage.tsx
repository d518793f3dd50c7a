import type { SessionUser } from '@piste/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HeadedPage } from '../components/PageHeader';
import { AccountPanel } from '../components/settings/AccountPanel';
import { SecurityPanel } from '../components/settings/SecurityPanel';
import {
  isSettingsTab,
  SETTINGS_TABS_ID,
  SettingsTabs,
  type SettingsTab,
} from '../components/settings/SettingsTabs';
import { TabPanel } from '../components/Tabs';
import { useAccountSessionsStore } from '../stores/account-sessions';
import { useAccountStore } from '../stores/account';

/** /settings: the Account and Security tabs; the tab is in the URL (`?tab=security`), so mails can link to it. */
export function SettingsPage({ user }: { user: SessionUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requestedTab) ? requestedTab : 'account';

  useEffect(() => {
    void useAccountStore.getState().load();
  }, [user.id, user.emailVerified]);

  useEffect(() => {
    if (tab === 'security') void useAccountSessionsStore.getState().load();
  }, [tab, user.id]);

  function selectTab(next: SettingsTab) {
    setSearchParams(next === 'account' ? {} : { tab: next }, { replace: true });
  }

  return (
    <HeadedPage width="medium" title="Settings" subtitle="Your account and how you sign in">
      <SettingsTabs tab={tab} selectTab={selectTab} />
      <TabPanel idPrefix={SETTINGS_TABS_ID} tab={tab} className="space-y-6">
        {tab === 'account' ? <AccountPanel /> : <SecurityPanel />}
      </TabPanel>
    </HeadedPage>
  );
}
