import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useNotificationsStore } from '../stores/notifications';
import {
  NotificationItem,
  NotificationsEmptyState,
  useMinuteClock,
  useNotificationActions,
} from './NotificationItem';

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

      {open ? <NotificationPopover id={panelId} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function NotificationPopover({ id, onClose }: { id: string; onClose: () => void }) {
  const items = useNotificationsStore((s) => s.items);
  const unreadCount = useNotificationsStore((s) => s.unreadCount);
  const { markRead, markAllRead, remove } = useNotificationActions();
  const navigate = useNavigate();
  const now = useMinuteClock();

  return (
    <div
      id={id}
      role="dialog"
      aria-label="Notifications"
      className="fixed inset-x-3 top-16 z-40 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl ring-1 ring-slate-900/5 sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">Notifications</h2>
        {unreadCount > 0 ? (
          <button
            type="button"
            onClick={markAllRead}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-sky-700 transition hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-slate-900"
          >
            <CheckCheck aria-hidden className="size-3.5" />
            Mark all as read
          </button>
        ) : null}
      </div>

      <div className="h-80 overflow-y-auto overscroll-contain">
        {items.length === 0 ? (
          <NotificationsEmptyState compact />
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                onMarkRead={markRead}
                onDelete={remove}
                compact
              />
            ))}
          </ul>
        )}
      </div>

      <div className="border-t border-slate-100 p-2">
        <button
          type="button"
          onClick={() => {
            onClose();
            void navigate('/notifications');
          }}
          className="w-full rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-slate-900"
        >
          View all notifications
        </button>
      </div>
    </div>
  );
}
