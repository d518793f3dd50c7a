import { CalendarDays, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { newClubEventPath } from '../../lib/paths';
import { useClubEventsStore } from '../../stores/club-events';
import { Button, buttonClassName } from '../Button';
import { EmptyState } from '../EmptyState';
import { PagedItems } from '../PagedItems';
import { SkeletonBars } from '../Skeleton';
import { EventCard } from './EventCard';

/**
 * A club's upcoming events, soonest first, for its page; those who may add its events (`canAdd`) get the way to
 * add one. The list is its own: the events page keeps its filters and pages meanwhile.
 */
export function ClubEvents({ clubId, canAdd }: { clubId: string; canAdd: boolean }) {
  const { items: events, status, nextCursor, loadingMore, loadMore, reload } = useClubEventsStore();
  const shownClub = useClubEventsStore((s) => s.filters?.clubId);
  const open = useClubEventsStore((s) => s.open);
  const { t } = useTranslation(['events', 'common']);

  useEffect(() => {
    void open({ clubId });
  }, [open, clubId]);

  const addLink = (
    <Link to={newClubEventPath(clubId)} className={buttonClassName('primary')}>
      <Plus aria-hidden className="size-4" />
      {t('clubEvents.add')}
    </Link>
  );

  // Another club's list never shows while this one's loads.
  if (status === 'loading' || shownClub !== clubId) {
    return (
      <div aria-busy="true" aria-label={t('list.loading')} className="space-y-3">
        {[0, 1].map((index) => (
          <SkeletonBars
            key={index}
            bars={[['h-5 w-56 max-w-full', 'strong'], 'h-4 w-72 max-w-full', 'h-4 w-40']}
            className="space-y-2 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          />
        ))}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <EmptyState
        icon={CalendarDays}
        title={t('list.fetchFailed')}
        description={t('common:pageNotReady.checkConnection')}
        action={
          <Button variant="outline" onClick={() => void reload()}>
            {t('common:actions.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (events.length === 0) {
    return (
      <div data-testid="club-events-empty">
        <EmptyState
          icon={CalendarDays}
          title={t('clubEvents.empty.title')}
          description={canAdd ? t('clubEvents.empty.canAdd') : t('clubEvents.empty.other')}
          action={canAdd ? addLink : undefined}
        />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {canAdd ? <div className="flex justify-end">{addLink}</div> : null}
      <PagedItems
        label={t('clubEvents.label')}
        items={events}
        render={(event) => <EventCard event={event} />}
        hasMore={nextCursor !== null}
        loadingMore={loadingMore}
        onLoadMore={() => void loadMore()}
      />
    </div>
  );
}
