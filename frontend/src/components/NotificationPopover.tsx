import { CheckCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useNavigate } from '../lib/router';
import { useNotificationsStore } from '../stores/notifications';
import { NotificationList } from './NotificationItem';

/** The bell's popover: the latest notifications, mark-all-read, and a link to the full page. */
export function NotificationPopover({ id, onClose }: { id: string; onClose: () => void }) {
  const items = useNotificationsStore((s) => s.items);
  const unreadCount = useNotificationsStore((s) => s.unreadCount);
  const markAllRead = useNotificationsStore((s) => s.markAllRead);
  const navigate = useNavigate();
  const { t } = useTranslation('notifications');
  const panelRef = useRef<HTMLDivElement>(null);
  // Opening moves focus into the popover, so the keyboard carries on from its top.
  useEffect(() => panelRef.current?.focus(), []);

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-label={t('title')}
      tabIndex={-1}
      className="fixed inset-x-3 top-16 z-40 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl ring-1 ring-slate-900/5 sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80 dark:border-slate-800 dark:bg-slate-900 dark:ring-slate-300/5"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 dark:border-slate-800">
        <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">{t('title')}</h2>
        {unreadCount > 0 ? (
          <button
            type="button"
            onClick={markAllRead}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-sky-700 transition hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-slate-900 dark:text-sky-200 dark:hover:bg-sky-900/40 dark:focus-visible:outline-slate-300"
          >
            <CheckCheck aria-hidden className="size-3.5" />
            {t('markAllRead')}
          </button>
        ) : null}
      </div>

      <div className="h-80 overflow-y-auto overscroll-contain">
        <NotificationList shown={items} onOpen={onClose} compact />
      </div>

      <div className="border-t border-slate-100 p-2 dark:border-slate-800">
        <button
          type="button"
          onClick={() => {
            onClose();
            navigate('/notifications');
          }}
          className="w-full rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-slate-300"
        >
          {t('viewAll')}
        </button>
      </div>
    </div>
  );
}
