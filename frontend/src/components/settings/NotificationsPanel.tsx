import { NOTIFICATION_SETTING_TYPES, type NotificationSettingType } from '@piste/contracts';
import { BellRing } from 'lucide-react';
import { useNotificationSettingsStore } from '../../stores/notification-settings';
import { Button } from '../Button';
import { SectionLoadError, SectionSkeleton, SettingsSection } from './SettingsSection';

const TYPE_LABELS: Record<NotificationSettingType, { label: string; hint: string }> = {
  message: { label: 'Messages', hint: 'A fencer writes to you' },
  comment: { label: 'Comments', hint: 'On your posts' },
  mention: { label: 'Mentions', hint: 'Someone names you with @' },
  'connection-request': { label: 'Connection requests', hint: 'Someone asks to connect' },
  accepted: { label: 'Accepted requests', hint: 'Someone accepts your request' },
  like: { label: 'Likes', hint: 'On your posts' },
  dislike: { label: 'Dislikes', hint: 'On your posts' },
  club: { label: 'Clubs', hint: 'News from your clubs' },
  event: { label: 'Events', hint: 'Events you follow' },
  bout: { label: 'Bouts', hint: 'Bouts to confirm, and answers to yours' },
};

/** Messages first: the order a fencer cares about. */
const ORDER = [...NOTIFICATION_SETTING_TYPES].sort(
  (a, b) => Object.keys(TYPE_LABELS).indexOf(a) - Object.keys(TYPE_LABELS).indexOf(b),
);

/** The Notifications tab: this device's pushes, and per type what goes to the phone and the mailbox. */
export function NotificationsPanel() {
  return (
    <>
      <SettingsSection
        id="settings-device-push"
        title="On this device"
        description="Get notifications on this phone or computer even when Piste is closed."
      >
        <DevicePush />
      </SettingsSection>
      <SettingsSection
        id="settings-notification-types"
        title="What reaches you"
        description="Everything always shows in Piste. Choose what is also pushed to your devices, and what is emailed when you have not seen it within an hour (one email an hour at most)."
      >
        <TypeTable />
      </SettingsSection>
    </>
  );
}

function DevicePush() {
  const permission = useNotificationSettingsStore((s) => s.permission);
  const subscribed = useNotificationSettingsStore((s) => s.subscribed);
  const switching = useNotificationSettingsStore((s) => s.switchingDevice);
  const setDevicePush = useNotificationSettingsStore((s) => s.setDevicePush);

  if (permission === 'unsupported') {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">This browser cannot show notifications.</p>
    );
  }
  if (permission === 'denied') {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Notifications are blocked for Piste in this browser. Allow them in its site settings, then come back
        here.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p
        className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200"
        data-testid="device-push"
      >
        <BellRing aria-hidden className="size-4 shrink-0" />
        {subscribed ? 'Notifications are on for this device.' : 'Notifications are off for this device.'}
      </p>
      <Button variant="outline" disabled={switching} onClick={() => void setDevicePush(!subscribed)}>
        {subscribed ? 'Turn off' : 'Turn on'}
      </Button>
    </div>
  );
}

function TypeTable() {
  const status = useNotificationSettingsStore((s) => s.status);
  const settings = useNotificationSettingsStore((s) => s.settings);
  const toggle = useNotificationSettingsStore((s) => s.toggle);
  const load = useNotificationSettingsStore((s) => s.load);

  if (status === 'idle' || status === 'loading') return <SectionSkeleton label="Loading your settings" />;
  if (status === 'error') {
    return <SectionLoadError message="Your settings could not be loaded." onRetry={() => void load()} />;
  }
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          <th scope="col" className="pb-2 font-semibold">
            Notification
          </th>
          <th scope="col" className="w-16 pb-2 text-center font-semibold">
            Push
          </th>
          <th scope="col" className="w-16 pb-2 text-center font-semibold">
            Email
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {ORDER.map((type) => (
          <tr key={type} data-testid={`notification-setting-${type}`}>
            <th scope="row" className="py-3 pr-3 text-left font-normal">
              <span className="block font-medium text-slate-900 dark:text-slate-100">
                {TYPE_LABELS[type].label}
              </span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {TYPE_LABELS[type].hint}
              </span>
            </th>
            {(['push', 'email'] as const).map((channel) => (
              <td key={channel} className="py-3 text-center">
                <input
                  type="checkbox"
                  className="size-5 cursor-pointer accent-slate-900 dark:accent-slate-100"
                  aria-label={`${channel === 'push' ? 'Push' : 'Email'} for ${TYPE_LABELS[type].label.toLowerCase()}`}
                  checked={settings[type][channel]}
                  onChange={(event) => void toggle(type, channel, event.target.checked)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
