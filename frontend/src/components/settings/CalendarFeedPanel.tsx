import { CalendarCheck, CalendarOff, Copy } from 'lucide-react';
import { useState } from 'react';
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
  return (
    <SettingsSection
      id="settings-calendar"
      title="Calendar"
      description="See the events you are going to in your own calendar app, kept up to date."
    >
      <CalendarFeed />
    </SettingsSection>
  );
}

function CalendarFeed() {
  const { active, createdAt, url, status, acting, load, makeLink, turnOff, copyLink } =
    useCalendarFeedStore();
  const [confirmingNewLink, setConfirmingNewLink] = useState(false);

  if (status === 'error') {
    return <SectionLoadError message="Your calendar feed could not be loaded." onRetry={() => void load()} />;
  }
  if (status !== 'ready') return <SectionSkeleton label="Loading your calendar feed" />;

  if (!active) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className={`flex items-center gap-2 ${textClasses}`} data-testid="calendar-feed-state">
          <CalendarOff aria-hidden className="size-4 shrink-0" />
          Your calendar feed is off.
        </p>
        <Button variant="outline" disabled={acting} onClick={() => void makeLink()}>
          Turn on calendar feed
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className={`flex items-start gap-2 ${textClasses}`} data-testid="calendar-feed-state">
        <CalendarCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Your calendar feed is on{createdAt ? `, with a link made ${formatDateTime(createdAt)}` : ''}.
          {url ? null : ' Its link shows only once: make a new link to add it to another calendar.'}
        </span>
      </p>
      {url ? (
        <div>
          <label
            htmlFor="calendar-feed-url"
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            Your calendar link
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
              Copy
            </Button>
          </div>
          <p id="calendar-feed-hint" className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">
            Add it to Google Calendar, Apple Calendar or Outlook as a subscription by URL. Anyone with this
            link sees the events you go to.
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={acting} onClick={() => setConfirmingNewLink(true)}>
          Make a new link
        </Button>
        <Button variant="ghost" disabled={acting} onClick={() => void turnOff()}>
          Turn off
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingNewLink}
        title="Make a new link?"
        description="The link you use now stops working: calendars that follow it stop updating until you add the new one."
        confirmLabel="Make a new link"
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
