import type { FencingEvent } from '@piste/contracts';
import i18next from 'i18next';
import * as eventsApi from '../../api/events';
import { useClubEventsStore } from '../../stores/club-events';
import { useEventsStore } from '../../stores/events';
import { mountEach, settle } from '../../test-support/mounted';
import { ClubEvents } from './ClubEvents';

jest.mock('../../lib/router', () => jest.requireActual('../../test-support/router-mock').routerModule());
jest.mock('../../api/events');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());

const api = jest.mocked(eventsApi);
const CLUB_ID = '0b8f9a6e-3f1d-4c2b-9a7e-5d4c3b2a1f0e';

const event: FencingEvent = {
  id: 'e1',
  title: 'Club night',
  kind: 'social',
  startsAt: '2027-03-13T18:00:00.000Z',
  endsAt: '2027-03-13T21:00:00.000Z',
  timezone: 'Europe/Paris',
  venue: '',
  city: 'Lyon',
  country: 'FR',
  weapons: ['epee'],
  categories: [],
  url: null,
  description: '',
  club: { id: CLUB_ID, slug: 'salle-lyon', name: 'Salle Lyon' },
  creator: null,
  goingCount: 4,
  interestedCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
};

beforeEach(() => {
  jest.resetAllMocks();
  useClubEventsStore.getState().reset();
  useEventsStore.getState().reset();
  // The list answers on the next turn, as over the network: the settle below takes it in.
  api.fetchEvents.mockImplementation(
    () => new Promise((resolve) => setTimeout(() => resolve({ events: [], nextCursor: null }), 0)),
  );
});
const view = mountEach(() => <ClubEvents clubId={CLUB_ID} canAdd />);
const host = () => view.host();
beforeEach(() => settle(() => undefined));

describe('a club’s events', () => {
  it('asks for the club’s events in a list of its own; with none, its admins are offered to add one', () => {
    expect(api.fetchEvents).toHaveBeenCalledWith({ clubId: CLUB_ID });
    expect(useEventsStore.getState().filters).toBeNull();
    const empty = host().querySelector('[data-testid=club-events-empty]');
    expect(empty?.textContent).toContain('No events yet');
    expect(empty?.querySelector('a')?.getAttribute('href')).toBe(`/events/new?club=${CLUB_ID}`);
  });

  it('lists the club’s events; a member is not offered to add one', async () => {
    api.fetchEvents.mockResolvedValue({ events: [event], nextCursor: null });
    await settle(() => view.render(<ClubEvents clubId={CLUB_ID} canAdd={false} />));
    await settle(() => void useClubEventsStore.getState().reload());
    expect(host().querySelector('[data-testid=event-card]')?.textContent).toContain('Club night');
    expect(host().textContent).not.toContain('Add an event');
  });
});

describe('a club’s events in French', () => {
  beforeEach(() => settle(() => void i18next.changeLanguage('fr')));
  afterEach(() => settle(() => void i18next.changeLanguage('en')));

  it('names the kind, the day and who goes in French, with the event’s clocks', async () => {
    api.fetchEvents.mockResolvedValue({ events: [event], nextCursor: null });
    await settle(() => void useClubEventsStore.getState().reload());
    const card = host().querySelector('[data-testid=event-card]');
    expect(card?.querySelector('[data-testid=event-kind]')?.textContent).toBe('Convivial');
    expect(card?.querySelector('[data-testid=event-card-going]')?.textContent).toBe('4 participants');
    // 18:00 UTC is 19:00 in Paris in March; the month is French.
    expect(card?.textContent).toContain('13 mars 2027');
    expect(card?.textContent).toContain('19:00');
    expect(host().textContent).toContain('Ajouter un événement');
  });
});
