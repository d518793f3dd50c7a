import { CalendarDays, Plus } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { useTranslation } from '../../i18n/use-translation';
import { Button, buttonClassName } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { EventCard } from '../../components/events/EventCard';
import { EventFilterBar } from '../../components/events/EventFilterBar';
import { eventFiltersOf, isFiltered } from '../../components/events/event-filters';
import { HeadedPage } from '../../components/PageHeader';
import { PagedItems } from '../../components/PagedItems';
import { SkeletonBars } from '../../components/Skeleton';
import { EVENTS_PATH, NEW_EVENT_PATH } from '../../lib/paths';
import { useEventsStore } from '../../stores/events';

/** /events — competitions, trainings, camps and socials not over yet, soonest first, filtered by the address. */
export function EventsPage() {
  const search = useSearchParams()[0].toString();
  const filters = useMemo(() => eventFiltersOf(new URLSearchParams(search)), [search]);
  const { items: events, status, nextCursor, loadingMore, loadMore, reload } = useEventsStore();
  const open = useEventsStore((s) => s.open);
  const { t } = useTranslation(['events', 'common', 'clubs']);

  useEffect(() => {
    void open(filters);
  }, [open, filters]);

  const addLink = (
    <Link to={NEW_EVENT_PATH} className={buttonClassName('primary')}>
      <Plus aria-hidden className="size-4" />
      {t('clubEvents.add')}
    </Link>
  );

  return (
    <HeadedPage width="medium" title={t('list.title')} subtitle={t('list.subtitle')} actions={addLink}>
      <EventFilterBar />

      {status === 'loading' ? (
        <div aria-busy="true" aria-label={t('list.loading')} className="space-y-3">
          {[0, 1, 2].map((index) => (
            <SkeletonBars
              key={index}
              bars={[['h-5 w-56 max-w-full', 'strong'], 'h-4 w-72 max-w-full', 'h-4 w-40', 'h-5 w-32']}
              className="space-y-2 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            />
          ))}
        </div>
      ) : status === 'error' ? (
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
      ) : events.length === 0 ? (
        <div data-testid="events-empty">
          {isFiltered(filters) ? (
            <EmptyState
              icon={CalendarDays}
              title={t('list.noMatch.title')}
              description={t('list.noMatch.description')}
              action={
                <Link to={EVENTS_PATH} className={buttonClassName('outline')}>
                  {t('filters.clear')}
                </Link>
              }
            />
          ) : (
            <EmptyState
              icon={CalendarDays}
              title={t('list.empty.title')}
              description={t('list.empty.description')}
              action={addLink}
            />
          )}
        </div>
      ) : (
        <PagedItems
          label={t('list.title')}
          items={events}
          render={(event) => <EventCard event={event} />}
          hasMore={nextCursor !== null}
          loadingMore={loadingMore}
          onLoadMore={() => void loadMore()}
        />
      )}
    </HeadedPage>
  );
}
