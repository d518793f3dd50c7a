import i18next from 'i18next';
import type { EventFilters, FencingEvent } from '@piste/contracts';
import * as eventsApi from '../api/events';
import { createPagedListStore, type PagedListState } from './paged-list';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** A list of events: those that match the filters and are not over yet, soonest first, a page at a time. */
export type EventListState = PagedListState<FencingEvent, EventFilters>;

/** Only the filters that are set: `{country: ''}` and `{}` are the same list. */
function cleaned(filters: EventFilters): EventFilters {
  const kept: EventFilters = {};
  const country = filters.country?.trim().toUpperCase();
  if (filters.from) kept.from = filters.from;
  if (filters.to) kept.to = filters.to;
  if (country) kept.country = country;
  if (filters.weapon) kept.weapon = filters.weapon;
  if (filters.kind) kept.kind = filters.kind;
  if (filters.clubId) kept.clubId = filters.clubId;
  return kept;
}

/**
 * A store for one list of events. Each list keeps its own: the events page and a club's events never share
 * their pages or drop each other's replies.
 */
export function createEventListStore() {
  return createPagedListStore<FencingEvent, EventFilters>({
    fetchPage: async (...query) => {
      const page = await eventsApi.fetchEvents(...query);
      return { items: page.events, nextCursor: page.nextCursor };
    },
    clean: cleaned,
    failure: () => i18next.t('events:list.fetchFailed'),
  });
}

/** The events page (/events): the events that match the filters in its address. */
export const useEventsStore = createEventListStore();

screenStoreLoaded('events', useEventsStore);
