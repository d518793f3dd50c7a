import type { FencingEvent } from '@piste/contracts';
import { act } from 'react';
import * as eventsApi from '../../api/events';
import { EVENT_FILTER_DEBOUNCE_MS } from '../../components/events/EventFilterBar';
import { useEventsStore } from '../../stores/events';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { routerAddress } from '../../test-support/router-mock';
import { EventsPage } from './EventsPage';

jest.mock('../../lib/router', () => jest.requireActual('../../test-support/router-mock').routerModule());
jest.mock('../../api/events');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());

const api = jest.mocked(eventsApi);
const router = routerAddress();

const event: FencingEvent = {
  id: 'e1',
  title: 'Lyon Épée Open',
  kind: 'competition',
  startsAt: '2027-03-13T08:00:00.000Z',
  endsAt: '2027-03-14T17:00:00.000Z',
  timezone: 'Europe/Paris',
  venue: 'Palais des Sports',
  city: 'Lyon',
  country: 'FR',
  weapons: ['epee', 'foil'],
  categories: [],
  url: null,
  description: '',
  club: { id: 'c1', slug: 'salle-lyon', name: 'Salle Lyon' },
  creator: null,
  goingCount: 12,
  interestedCount: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
};

/** Lets the country's pause pass and the fetch it starts settle. */
const afterPause = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, EVENT_FILTER_DEBOUNCE_MS + 20));
  });

beforeEach(() => {
  jest.resetAllMocks();
  useEventsStore.getState().reset();
  router.visit('/events');
  api.fetchEvents.mockResolvedValue({ events: [], nextCursor: null });
  // The first page answers on the next turn, as over the network: the settle below takes it in.
  api.fetchEvents.mockImplementationOnce(
    () => new Promise((resolve) => setTimeout(() => resolve({ events: [], nextCursor: null }), 0)),
  );
});
const view = mountEach(() => <EventsPage />);
const host = () => view.host();
beforeEach(() => settle(() => undefined));

describe('events page', () => {
  it('invites to add the first event when there are none', () => {
    expect(host().querySelector('h1')?.textContent).toBe('Events');
    const empty = host().querySelector('[data-testid=events-empty]');
    expect(empty?.textContent).toContain('No events yet');
    expect(empty?.querySelector('a')?.textContent).toBe('Add an event');
    expect(empty?.querySelector('a')?.getAttribute('href')).toBe('/events/new');
  });

  it('keeps its filters in the address and asks for the events they match; Load More appends', async () => {
    api.fetchEvents.mockResolvedValue({ events: [event], nextCursor: 'e1' });
    await settle(() => typeInto(host().querySelector<HTMLSelectElement>('#events-weapon')!, 'foil'));
    await settle(() => typeInto(host().querySelector<HTMLSelectElement>('#events-kind')!, 'competition'));
    await settle(() => typeInto(host().querySelector<HTMLInputElement>('#events-from')!, '2027-03-01'));
    typeInto(host().querySelector<HTMLInputElement>('#events-country')!, 'fr');
    await afterPause();
    expect(router.current()).toBe('/events?weapon=foil&kind=competition&from=2027-03-01&country=FR');
    expect(api.fetchEvents).toHaveBeenLastCalledWith({
      from: new Date(2027, 2, 1).toISOString(),
      country: 'FR',
      weapon: 'foil',
      kind: 'competition',
    });

    const card = host().querySelector('[data-testid=event-card]');
    // Dates keep their thin spaces around a range's dash.
    const text = card?.textContent?.replace(/\s/g, ' ');
    expect(card?.querySelector('a')?.getAttribute('href')).toBe('/events/e1');
    expect(card?.textContent).toContain('Lyon Épée Open');
    expect(card?.textContent).toContain('Competition');
    expect(text).toContain('Sat, 13 Mar 2027, 09:00 – Sun, 14 Mar 2027, 18:00 CET');
    expect(card?.textContent).toContain('Lyon, France');
    expect(card?.textContent).toContain('Salle Lyon');
    expect(card?.textContent).toContain('12 going');

    api.fetchEvents.mockResolvedValueOnce({ events: [{ ...event, id: 'e2' }], nextCursor: null });
    const loadMore = [...host().querySelectorAll('button')].find((b) => b.textContent === 'Load More')!;
    await settle(() => loadMore.click());
    expect(api.fetchEvents).toHaveBeenLastCalledWith(expect.objectContaining({ weapon: 'foil' }), 'e1');
    expect(host().querySelectorAll('[data-testid=event-card]')).toHaveLength(2);
  });

  it('reads the filters of a shared link, the last day whole, and says when none match', async () => {
    await settle(() => router.visit('/events?from=2027-03-01&to=2027-03-31&weapon=sabre'));
    expect(api.fetchEvents).toHaveBeenLastCalledWith({
      from: new Date(2027, 2, 1).toISOString(),
      to: new Date(new Date(2027, 3, 1).getTime() - 1).toISOString(),
      weapon: 'sabre',
    });
    expect(host().querySelector<HTMLSelectElement>('#events-weapon')?.value).toBe('sabre');
    expect(host().querySelector('[data-testid=events-empty]')?.textContent).toContain('No events match');
  });
});
