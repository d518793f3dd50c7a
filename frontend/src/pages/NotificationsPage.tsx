import type { SessionUser } from '@piste/contracts';
import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Button } from '../components/Button';
import { HomeButton } from '../components/HomeButton';
import { NotificationList } from '../components/NotificationItem';
import { PageHeader } from '../components/PageHeader';
import { useNotificationsStore } from '../stores/notifications';

/** How many notifications the page shows at first, and how many more each 'Load more notifications' adds. */
const NOTIFICATIONS_PAGE_SIZE = 20;

/** /notifications — the whole notification centre of the signed-in user. */
export function NotificationsPage({ user }: { user: SessionUser }) {
  const items = useNotificationsStore((s) => s.items);
  const unreadCount = useNotificationsStore((s) => s.unreadCount);
  // undefined until the first sync with the server; null once it has nothing older.
  const serverCursor = useNotificationsStore((s) => s.nextCursor);
  const loadingMore = useNotificationsStore((s) => s.loadingMore);
  const loadOlder = useNotificationsStore((s) => s.loadMore);
  const markAllRead = useNotificationsStore((s) => s.markAllRead);
  const [shownCount, setShownCount] = useState(NOTIFICATIONS_PAGE_SIZE);
  const { t } = useTranslation('notifications');

  const shown = items.slice(0, shownCount);
  const hasMore = items.length > shownCount || serverCursor !== null;

  /** Shows the next page: from what this browser has, else from the server's older notifications. */
  const loadMore = async () => {
    const needsOlder = items.length < shownCount + NOTIFICATIONS_PAGE_SIZE && serverCursor !== null;
    if (needsOlder && !(await loadOlder())) return;
    setShownCount((count) => count + NOTIFICATIONS_PAGE_SIZE);
  };

  return (
    <section data-user-id={user.id} className="mx-auto max-w-2xl">
      <PageHeader
        title={t('title')}
        subtitle={t('page.subtitle')}
        badge={
          unreadCount > 0 ? (
            <span
              data-testid="new-count"
              className="rounded-full bg-blue-600 px-2.5 py-0.5 text-xs font-semibold text-white"
            >
              {t('page.newCount', { count: unreadCount })}
            </span>
          ) : null
        }
        actions={
          <>
            {unreadCount > 0 ? (
              <Button variant="outline" onClick={markAllRead}>
                <CheckCheck aria-hidden className="size-4" />
                {t('markAllRead')}
              </Button>
            ) : null}
            <HomeButton />
          </>
        }
      />

      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <NotificationList shown={shown} label={t('title')} />
      </div>

      {hasMore ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={loadingMore} onClick={() => void loadMore()}>
            {t('page.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
