import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useNotificationsStore } from '../stores/notifications';

// The list only matters once the bell is opened, so it stays out of every page's first load.
const NotificationPopover = lazy(() =>
  import('./NotificationPopover').then((m) => ({ default: m.NotificationPopover })),
);

/** The header's bell: the unread badge, and a popover with the latest notifications. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unreadCount = useNotificationsStore((s) => s.unreadCount);
  const { pathname } = useLocation();
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Close on navigation, outside clicks and Escape.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="relative">
      <button
        type="button"
        aria-label={unreadCount > 0 ? `Notifications (${unreadCount} unread)` : 'Notifications'}
        title="Notifications"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={`relative flex size-9 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 sm:size-10 ${
          open || pathname === '/notifications'
            ? 'bg-slate-100 text-slate-900'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
        }`}
      >
        <Bell aria-hidden className="size-5" />
        {unreadCount > 0 ? (
          <span
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white"
          >
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        ) : null}
      </button>

      {open ? (
        <Suspense fallback={null}>
          <NotificationPopover id={panelId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
