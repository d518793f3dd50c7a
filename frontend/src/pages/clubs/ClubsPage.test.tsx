import type { Club } from '@piste/contracts';
import { act } from 'react';
import * as clubsApi from '../../api/clubs';
import { useClubsStore } from '../../stores/clubs';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { routerAddress } from '../../test-support/router-mock';
import { CLUB_FILTER_DEBOUNCE_MS, ClubsPage } from './ClubsPage';

jest.mock('../../lib/router', () => jest.requireActual('../../test-support/router-mock').routerModule());
jest.mock('../../api/clubs');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());

const api = jest.mocked(clubsApi);
const address = routerAddress();

const club: Club = {
  id: 'c1',
  slug: 'salle-lyon',
  name: 'Salle Lyon',
  city: 'Lyon',
  country: 'FR',
  weapons: ['sabre'],
  description: '',
  joinPolicy: 'open',
  logo: null,
  membersCount: 12,
  createdAt: '2026-11-01T10:00:00.000Z',
};

/** Lets the filters' pause pass and the fetch it starts settle. */
const afterPause = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, CLUB_FILTER_DEBOUNCE_MS + 20));
  });

beforeEach(() => {
  jest.resetAllMocks();
  useClubsStore.getState().reset();
  api.fetchClubs.mockResolvedValue({ clubs: [], nextCursor: null });
});
const view = mountEach(() => <ClubsPage />);
const host = () => view.host();

describe('club directory page', () => {
  it('tells a new user to create the first club when there are none', async () => {
    await afterPause();
    const empty = host().querySelector('[data-testid=clubs-empty]');
    expect(empty?.textContent).toContain('No clubs yet');
    expect(empty?.textContent).toContain('Create the first one for your club.');
    expect(empty?.querySelector('a')?.getAttribute('href')).toBe('/clubs/new');
  });

  it('lists the clubs that match; a country counts once it has two letters; Load More appends', async () => {
    api.fetchClubs.mockResolvedValue({ clubs: [club], nextCursor: 'c1' });
    await afterPause();
    typeInto(host().querySelector<HTMLInputElement>('#clubs-country')!, 'f');
    typeInto(host().querySelector<HTMLSelectElement>('#clubs-weapon')!, 'sabre');
    await afterPause();
    expect(api.fetchClubs).toHaveBeenLastCalledWith({ weapon: 'sabre' });
    typeInto(host().querySelector<HTMLInputElement>('#clubs-country')!, 'fr');
    await afterPause();
    expect(api.fetchClubs).toHaveBeenLastCalledWith({ country: 'FR', weapon: 'sabre' });
    // The filters stay in the address.
    expect(address.current()).toBe('/?country=FR&weapon=sabre');

    const card = host().querySelector('[data-testid=club-card]');
    expect(card?.textContent).toContain('Salle Lyon');
    expect(card?.textContent).toContain('Lyon, France');
    expect(card?.textContent).toContain('12 members');
    expect(card?.querySelector('a')?.getAttribute('href')).toBe('/clubs/salle-lyon');

    api.fetchClubs.mockResolvedValueOnce({ clubs: [{ ...club, id: 'c2', slug: 'c2' }], nextCursor: null });
    const loadMore = [...host().querySelectorAll('button')].find((b) => b.textContent === 'Load More')!;
    await settle(() => loadMore.click());
    expect(api.fetchClubs).toHaveBeenLastCalledWith({ country: 'FR', weapon: 'sabre' }, 'c1');
    expect(host().querySelectorAll('[data-testid=club-card]')).toHaveLength(2);
  });
});
