import type { EventPage as EventPageData } from '@piste/contracts';
import * as eventsApi from '../../api/events';
import { useEventPageStore } from '../../stores/event-page';
import { argumentOfOnlyCall } from '../../test-support/mock-calls';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { routerAddress } from '../../test-support/router-mock';
import { EditEventPage } from './EditEventPage';

jest.mock('../../api/events');
jest.mock('../../realtime/socket', () =>
  jest.requireActual('../../test-support/live-socket-mock').socketModule(),
);
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());
const EVENT_ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
jest.mock('../../lib/router', () => ({
  ...jest
    .requireActual<typeof import('../../test-support/router-mock')>('../../test-support/router-mock')
    .routerModule(),
  useParams: () => ({ id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' }),
}));

const api = jest.mocked(eventsApi);
const router = routerAddress();

const page: EventPageData = {
  event: {
    id: EVENT_ID,
    title: 'Summer camp',
    kind: 'camp',
    startsAt: '2027-07-05T13:00:00.000Z',
    endsAt: '2027-07-09T21:00:00.000Z',
    timezone: 'America/New_York',
    venue: 'Lakeside Hall',
    city: 'Lake Placid',
    country: 'US',
    weapons: ['sabre'],
    categories: ['Cadets', 'Juniors'],
    url: null,
    description: 'Five days of footwork.',
    club: { id: 'c1', slug: 'salle-ny', name: 'Salle NY' },
    creator: null,
    goingCount: 0,
    interestedCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  goingCount: 0,
  interestedCount: 0,
  viewerStatus: null,
  attendees: [],
  canEdit: true,
};

beforeEach(() => {
  jest.resetAllMocks();
  useEventPageStore.getState().reset();
  // The event answers on the next turn, as over the network: the settle below takes it in.
  api.fetchEvent.mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve(page), 0)));
});
const view = mountEach(() => <EditEventPage />);
const host = () => view.host();
beforeEach(() => settle(() => undefined));

const input = (id: string) => host().querySelector<HTMLInputElement>(`#${id}`)!;

describe('edit an event', () => {
  it('fills the form with the event, its times on its own clocks, and saves the edit', async () => {
    expect(host().querySelector('form[aria-label="Edit event"]')).not.toBeNull();
    expect(input('event-title').value).toBe('Summer camp');
    expect(input('event-starts').value).toBe('2027-07-05T09:00');
    expect(input('event-ends').value).toBe('2027-07-09T17:00');
    expect(host().querySelector<HTMLSelectElement>('#event-timezone')?.value).toBe('America/New_York');
    expect(input('event-categories').value).toBe('Cadets, Juniors');
    // An event keeps its club.
    expect(host().querySelector('#event-club')).toBeNull();

    typeInto(input('event-ends'), '2027-07-10T12:00');
    api.updateEvent.mockResolvedValue(page);
    await settle(() => host().querySelector('form')!.requestSubmit());
    expect(api.updateEvent).toHaveBeenCalledWith(EVENT_ID, expect.anything());
    const edit = api.updateEvent.mock.calls[0][1];
    expect(edit).toMatchObject({
      startsAt: '2027-07-05T13:00:00.000Z',
      endsAt: '2027-07-10T16:00:00.000Z',
      timezone: 'America/New_York',
      categories: ['Cadets', 'Juniors'],
      url: null,
    });
    expect(edit).not.toHaveProperty('clubId');
    expect(argumentOfOnlyCall(router.navigate)).toBe(`/events/${EVENT_ID}`);
  });

  it('is no page for someone who may not edit the event', async () => {
    api.fetchEvent.mockResolvedValue({ ...page, canEdit: false });
    await settle(() => void useEventPageStore.getState().refresh());
    expect(host().querySelector('h1')?.textContent).toBe('404 Page Not Found');
  });
});
