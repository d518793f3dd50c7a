import { CalendarCheck, CalendarOff, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatDateTime } from '../../lib/moderation-format';
import { useCalendarFeedStore } from '../../stores/calendar-feed';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { controlClassName } from '../FormField';
import { SectionLoadError, SectionSkeleton, SettingsSection } from './SettingsSection';

const textClasses = 'text-sm text-slate-700 dark:text-slate-200';

/**
 * The personal calendar feed: the events one is going to, in Google Calendar, Apple Calendar or Outlook by a
 * secret link. The link shows once, when it is made; a new one replaces it.
 */
export function CalendarFeedPanel() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection
      id="settings-calendar"
      title={t('calendar.title')}
      description={t('calendar.description')}
    >
      <CalendarFeed />
    </SettingsSection>
  );
}

function CalendarFeed() {
  const { t } = useTranslation('settings');
  const { active, createdAt, url, status, acting, load, makeLink, turnOff, copyLink } =
    useCalendarFeedStore();
  const [confirmingNewLink, setConfirmingNewLink] = useState(false);

  if (status === 'error') {
    return <SectionLoadError message={t('calendar.loadError')} onRetry={() => void load()} />;
  }
  if (status !== 'ready') return <SectionSkeleton label={t('calendar.loading')} />;

  if (!active) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className={`flex items-center gap-2 ${textClasses}`} data-testid="calendar-feed-state">
          <CalendarOff aria-hidden className="size-4 shrink-0" />
          {t('calendar.off')}
        </p>
        <Button variant="outline" disabled={acting} onClick={() => void makeLink()}>
          {t('calendar.turnOn')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className={`flex items-start gap-2 ${textClasses}`} data-testid="calendar-feed-state">
        <CalendarCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          {createdAt ? t('calendar.onSince', { when: formatDateTime(createdAt) }) : t('calendar.on')}
          {url ? null : ` ${t('calendar.linkShownOnce')}`}
        </span>
      </p>
      {url ? (
        <div>
          <label
            htmlFor="calendar-feed-url"
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            {t('calendar.link')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="calendar-feed-url"
              readOnly
              value={url}
              aria-describedby="calendar-feed-hint"
              onFocus={(event) => event.target.select()}
              className={`${controlClassName(false)} min-w-0 font-mono`}
            />
            <Button variant="outline" className="shrink-0" onClick={() => void copyLink()}>
              <Copy aria-hidden className="size-4" />
              {t('calendar.copy')}
            </Button>
          </div>
          <p id="calendar-feed-hint" className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">
            {t('calendar.hint')}
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={acting} onClick={() => setConfirmingNewLink(true)}>
          {t('calendar.newLink.title')}
        </Button>
        <Button variant="ghost" disabled={acting} onClick={() => void turnOff()}>
          {t('calendar.turnOff')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingNewLink}
        title={t('calendar.newLink.confirmTitle')}
        description={t('calendar.newLink.description')}
        confirmLabel={t('calendar.newLink.title')}
        pending={acting}
        onCancel={() => setConfirmingNewLink(false)}
        onConfirm={() => {
          setConfirmingNewLink(false);
          void makeLink();
        }}
      />
    </div>
  );
}
