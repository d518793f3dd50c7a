import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useLocation } from '../lib/router';
import { useNotificationsStore } from '../stores/notifications';
import { usePopup } from './DropdownMenu';

// The list only matters once the bell is opened, so it stays out of every page's first load.
const NotificationPopover = lazy(() =>
  import('./NotificationPopover').then((m) => ({ default: m.NotificationPopover })),
);

/** The header's bell: the unread badge, and a popover with the latest notifications. */
export function NotificationBell() {
  const { open, close, containerRef, popupId: panelId, triggerProps } = usePopup();
  const unreadCount = useNotificationsStore((s) => s.unreadCount);
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const shownCount = unreadCount > 99 ? '99+' : String(unreadCount);

  // Close on navigation, outside clicks and Escape; Escape puts focus back on the bell.
  useEffect(close, [pathname, close]);

  // Tab and Shift+Tab go round the popover's controls while it is open (the popover takes focus on opening).
  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab') return;
    const panel = document.getElementById(panelId);
    if (!panel?.contains(event.target as Node)) return;
    const controls = Array.from(
      panel.querySelectorAll<HTMLElement>(
        'a[href], button:not(:disabled), input:not(:disabled), [tabindex="0"]',
      ),
    );
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (event.target === first || event.target === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && event.target === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div ref={containerRef} className="relative" onKeyDown={open ? onPanelKeyDown : undefined}>
      <button
        {...triggerProps}
        aria-label={
          unreadCount > 0
            ? t('notificationBell.unread', { shown: shownCount, count: unreadCount })
            : t('notificationBell.label')
        }
        title={t('notificationBell.label')}
        aria-haspopup="dialog"
        className={`relative flex size-9 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 sm:size-10 dark:focus-visible:outline-slate-300 ${
          open || pathname === '/notifications'
            ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
        }`}
      >
        <Bell aria-hidden className="size-5" />
        {unreadCount > 0 ? (
          <span
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white dark:ring-slate-900"
          >
            {shownCount}
          </span>
        ) : null}
      </button>

      {open ? (
        <Suspense fallback={null}>
          <NotificationPopover id={panelId} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
