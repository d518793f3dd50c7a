import { NOTIFICATION_SETTING_TYPES, type NotificationSettingType } from '@piste/contracts';
import { BellRing } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { useNotificationSettingsStore } from '../../stores/notification-settings';
import { Button } from '../Button';
import { SectionLoadError, SectionSkeleton, SettingsSection } from './SettingsSection';

/** Each type's name and what it is about, and the name as the checkboxes' labels say it. */
const TYPE_LABELS = {
  message: {
    label: 'notifications.types.message.label',
    hint: 'notifications.types.message.hint',
    lower: 'notifications.types.message.lower',
  },
  comment: {
    label: 'notifications.types.comment.label',
    hint: 'notifications.types.comment.hint',
    lower: 'notifications.types.comment.lower',
  },
  mention: {
    label: 'notifications.types.mention.label',
    hint: 'notifications.types.mention.hint',
    lower: 'notifications.types.mention.lower',
  },
  'connection-request': {
    label: 'notifications.types.connectionRequest.label',
    hint: 'notifications.types.connectionRequest.hint',
    lower: 'notifications.types.connectionRequest.lower',
  },
  accepted: {
    label: 'notifications.types.accepted.label',
    hint: 'notifications.types.accepted.hint',
    lower: 'notifications.types.accepted.lower',
  },
  like: {
    label: 'notifications.types.like.label',
    hint: 'notifications.types.like.hint',
    lower: 'notifications.types.like.lower',
  },
  dislike: {
    label: 'notifications.types.dislike.label',
    hint: 'notifications.types.dislike.hint',
    lower: 'notifications.types.dislike.lower',
  },
  club: {
    label: 'notifications.types.club.label',
    hint: 'notifications.types.club.hint',
    lower: 'notifications.types.club.lower',
  },
  event: {
    label: 'notifications.types.event.label',
    hint: 'notifications.types.event.hint',
    lower: 'notifications.types.event.lower',
  },
  bout: {
    label: 'notifications.types.bout.label',
    hint: 'notifications.types.bout.hint',
    lower: 'notifications.types.bout.lower',
  },
} as const satisfies Record<NotificationSettingType, { label: string; hint: string; lower: string }>;

/** Messages first: the order a fencer cares about. */
const ORDER = [...NOTIFICATION_SETTING_TYPES].sort(
  (a, b) => Object.keys(TYPE_LABELS).indexOf(a) - Object.keys(TYPE_LABELS).indexOf(b),
);

/** The Notifications tab: this device's pushes, and per type what goes to the phone and the mailbox. */
export function NotificationsPanel() {
  const { t } = useTranslation('settings');
  return (
    <>
      <SettingsSection
        id="settings-device-push"
        title={t('notifications.device.title')}
        description={t('notifications.device.description')}
      >
        <DevicePush />
      </SettingsSection>
      <SettingsSection
        id="settings-notification-types"
        title={t('notifications.types.title')}
        description={t('notifications.types.description')}
      >
        <TypeTable />
      </SettingsSection>
    </>
  );
}

function DevicePush() {
  const { t } = useTranslation('settings');
  const permission = useNotificationSettingsStore((s) => s.permission);
  const subscribed = useNotificationSettingsStore((s) => s.subscribed);
  const switching = useNotificationSettingsStore((s) => s.switchingDevice);
  const setDevicePush = useNotificationSettingsStore((s) => s.setDevicePush);

  if (permission === 'unsupported') {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('notifications.device.unsupported')}</p>
    );
  }
  if (permission === 'denied') {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('notifications.device.blocked')}</p>;
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p
        className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200"
        data-testid="device-push"
      >
        <BellRing aria-hidden className="size-4 shrink-0" />
        {subscribed ? t('notifications.device.on') : t('notifications.device.off')}
      </p>
      <Button variant="outline" disabled={switching} onClick={() => void setDevicePush(!subscribed)}>
        {subscribed ? t('notifications.device.turnOff') : t('notifications.device.turnOn')}
      </Button>
    </div>
  );
}

function TypeTable() {
  const { t } = useTranslation('settings');
  const status = useNotificationSettingsStore((s) => s.status);
  const settings = useNotificationSettingsStore((s) => s.settings);
  const toggle = useNotificationSettingsStore((s) => s.toggle);
  const load = useNotificationSettingsStore((s) => s.load);

  if (status === 'idle' || status === 'loading')
    return <SectionSkeleton label={t('notifications.types.loading')} />;
  if (status === 'error') {
    return <SectionLoadError message={t('notifications.types.loadError')} onRetry={() => void load()} />;
  }
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          <th scope="col" className="pb-2 font-semibold">
            {t('notifications.types.notification')}
          </th>
          <th scope="col" className="w-16 pb-2 text-center font-semibold">
            {t('notifications.types.push')}
          </th>
          <th scope="col" className="w-16 pb-2 text-center font-semibold">
            {t('notifications.types.email')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {ORDER.map((type) => (
          <tr key={type} data-testid={`notification-setting-${type}`}>
            <th scope="row" className="py-3 pr-3 text-left font-normal">
              <span className="block font-medium text-slate-900 dark:text-slate-100">
                {t(TYPE_LABELS[type].label)}
              </span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {t(TYPE_LABELS[type].hint)}
              </span>
            </th>
            {(['push', 'email'] as const).map((channel) => (
              <td key={channel} className="py-3 text-center">
                <input
                  type="checkbox"
                  className="size-5 cursor-pointer accent-slate-900 dark:accent-slate-100"
                  aria-label={
                    channel === 'push'
                      ? t('notifications.types.pushFor', { type: t(TYPE_LABELS[type].lower) })
                      : t('notifications.types.emailFor', { type: t(TYPE_LABELS[type].lower) })
                  }
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
