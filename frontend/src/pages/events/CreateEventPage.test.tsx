import type { EventPage as EventPageData } from '@piste/contracts';
import { act } from 'react';
import * as clubsApi from '../../api/clubs';
import * as eventsApi from '../../api/events';
import { argumentOfOnlyCall } from '../../test-support/mock-calls';
import { useEventPageStore } from '../../stores/event-page';
import { useHostingClubsStore } from '../../stores/hosting-clubs';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { routerAddress } from '../../test-support/router-mock';
import { sessionUser } from '../../test-support/session-user';
import { CreateEventPage } from './CreateEventPage';

jest.mock('../../lib/router', () => jest.requireActual('../../test-support/router-mock').routerModule());
jest.mock('../../api/events');
jest.mock('../../api/clubs');
jest.mock('../../realtime/socket', () =>
  jest.requireActual('../../test-support/live-socket-mock').socketModule(),
);
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());
// The browser is in Paris: the form starts in its zone.
jest.mock('../../lib/zoned-time', () => ({
  ...jest.requireActual<typeof import('../../lib/zoned-time')>('../../lib/zoned-time'),
  browserTimeZone: () => 'Europe/Paris',
}));

const api = jest.mocked(eventsApi);
const clubs = jest.mocked(clubsApi);
const router = routerAddress();
const ana = sessionUser({ id: 'u-ana', username: 'ana', name: 'Ana' });
const CLUB_ID = '0b8f9a6e-3f1d-4c2b-9a7e-5d4c3b2a1f0e';

const created: EventPageData = {
  event: {
    id: 'e-new',
    title: 'Lyon Épée Open',
    kind: 'competition',
    startsAt: '2027-03-28T07:00:00.000Z',
    endsAt: '2027-03-28T16:00:00.000Z',
    timezone: 'Europe/Paris',
    venue: '',
    city: 'Lyon',
    country: 'FR',
    weapons: ['epee'],
    categories: [],
    url: null,
    description: '',
    club: null,
    creator: null,
    goingCount: 0,
    interestedCount: 0,
    createdAt: '2026-11-26T10:00:00.000Z',
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
  useHostingClubsStore.getState().reset();
  router.visit('/events/new');
  // The clubs answer on the next turn, as over the network: the settle below takes them in.
  clubs.fetchFencerClubs.mockImplementation(
    () =>
      new Promise((resolve) =>
        setTimeout(
          () =>
            resolve([
              { id: CLUB_ID, slug: 'salle-lyon', name: 'Salle Lyon', logo: null, role: 'coach' },
              { id: 'c-member', slug: 'cercle', name: 'Cercle', logo: null, role: 'member' },
            ]),
          0,
        ),
      ),
  );
});
const view = mountEach(() => <CreateEventPage user={ana} />);
const host = () => view.host();
beforeEach(() => settle(() => undefined));

const form = () => host().querySelector<HTMLFormElement>('form[aria-label="Create an event"]')!;
const input = (id: string) => host().querySelector<HTMLInputElement>(`#${id}`)!;
const select = (id: string) => host().querySelector<HTMLSelectElement>(`#${id}`)!;
const errorOf = (id: string) => host().querySelector(`#${id}-error`)?.textContent;
const check = (label: string) =>
  act(() =>
    [...host().querySelectorAll('label')]
      .find((element) => element.textContent === label)!
      .querySelector('input')!
      .click(),
  );
const submit = () => settle(() => form().requestSubmit());

/** Fills the form as a user would, with times on the clocks of Paris. */
function fillIn() {
  typeInto(input('event-title'), 'Lyon Épée Open');
  typeInto(input('event-starts'), '2027-03-28T09:00');
  typeInto(input('event-ends'), '2027-03-28T18:00');
  typeInto(input('event-city'), 'Lyon');
  typeInto(input('event-country'), 'fr');
  check('Épée');
}

describe('create an event', () => {
  it('says what is missing, beside each field, and sends nothing', async () => {
    await submit();
    expect(errorOf('event-title')).toBe('Title must be at least 3 characters');
    expect(errorOf('event-starts')).toBe('Start must be a date and time');
    expect(errorOf('event-ends')).toBe('End must be a date and time');
    expect(errorOf('event-city')).toBe('City is required');
    expect(errorOf('event-country')).toBe('Country must be a two-letter code such as FR or US');
    expect(host().querySelector('#event-weapons-error')?.textContent).toBe('Choose at least one weapon');
    expect(api.createEvent).not.toHaveBeenCalled();
  });

  it('refuses an end before the start, a bad registration link and too long a category', async () => {
    fillIn();
    typeInto(input('event-ends'), '2027-03-28T08:00');
    typeInto(input('event-url'), 'example.com/register');
    typeInto(input('event-categories'), `U17, ${'x'.repeat(41)}`);
    await submit();
    expect(errorOf('event-ends')).toBe('The event must end after it starts');
    expect(errorOf('event-url')).toBe('The registration link must start with https:// or http://');
    expect(errorOf('event-categories')).toBe('A category can be at most 40 characters');
    expect(api.createEvent).not.toHaveBeenCalled();
  });

  it('sends the times as instants of the chosen zone, across a change of clocks, and opens the event', async () => {
    expect(select('event-timezone').value).toBe('Europe/Paris');
    fillIn();
    typeInto(input('event-categories'), ' U17,  Seniors ,, Veterans');
    typeInto(input('event-url'), 'https://example.com/register');
    api.createEvent.mockResolvedValue(created);
    await submit();
    // Paris moves its clocks forward at 02:00 that day: 09:00 is UTC+2.
    expect(argumentOfOnlyCall(api.createEvent)).toEqual({
      title: 'Lyon Épée Open',
      kind: 'competition',
      startsAt: '2027-03-28T07:00:00.000Z',
      endsAt: '2027-03-28T16:00:00.000Z',
      timezone: 'Europe/Paris',
      venue: '',
      city: 'Lyon',
      country: 'FR',
      weapons: ['epee'],
      categories: ['U17', 'Seniors', 'Veterans'],
      url: 'https://example.com/register',
      description: '',
      clubId: null,
    });
    expect(router.navigate).toHaveBeenCalledWith('/events/e-new');
  });

  it('reads the wall times in another zone when one is chosen', async () => {
    fillIn();
    typeInto(select('event-timezone'), 'America/New_York');
    typeInto(select('event-kind'), 'camp');
    api.createEvent.mockResolvedValue(created);
    await submit();
    const sent = argumentOfOnlyCall(api.createEvent);
    expect(sent.kind).toBe('camp');
    expect(sent.timezone).toBe('America/New_York');
    expect(sent.startsAt).toBe('2027-03-28T13:00:00.000Z');
    expect(sent.endsAt).toBe('2027-03-28T22:00:00.000Z');
  });

  it('offers the clubs the user runs or coaches, and chooses the one the link names', async () => {
    expect(clubs.fetchFencerClubs).toHaveBeenCalledWith('ana');
    expect([...select('event-club').options].map((option) => option.textContent)).toEqual([
      'No club',
      'Salle Lyon',
    ]);
    expect(select('event-club').value).toBe('');

    view.render(<></>);
    router.visit(`/events/new?club=${CLUB_ID}`);
    view.render(<CreateEventPage user={ana} />);
    await settle(() => undefined);
    expect(select('event-club').value).toBe(CLUB_ID);
    fillIn();
    api.createEvent.mockResolvedValue(created);
    await submit();
    expect(argumentOfOnlyCall(api.createEvent).clubId).toBe(CLUB_ID);
  });

  it('shows the server’s refusal above the form', async () => {
    fillIn();
    api.createEvent.mockRejectedValue(new Error('Only the club’s admins and coaches can add its events'));
    await submit();
    expect(host().querySelector('[role=alert]')?.textContent).toBe(
      'Only the club’s admins and coaches can add its events',
    );
    expect(router.navigate).not.toHaveBeenCalled();
  });
});
