import type { Club, ClubsPage } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as clubsApi from '../api/clubs';
import { notify } from '../lib/toast';
import { useClubsStore } from './clubs';

jest.mock('../api/clubs');
jest.mock('../lib/toast', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .toastModule(),
);

const api = jest.mocked(clubsApi);
const toast = jest.mocked(notify);
const clubs = () => useClubsStore.getState();

const club = (id: string): Club => ({
  id,
  slug: `club-${id}`,
  name: `Club ${id}`,
  city: 'Lyon',
  country: 'FR',
  weapons: ['epee'],
  description: '',
  joinPolicy: 'open',
  logo: null,
  membersCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const page = (ids: string[], nextCursor: string | null = null): ClubsPage => ({
  clubs: ids.map(club),
  nextCursor,
});

beforeEach(() => {
  jest.resetAllMocks();
  clubs().reset();
});

describe('club directory store', () => {
  it('fetches the first page with only the filters that are set, then appends the next page', async () => {
    api.fetchClubs.mockResolvedValueOnce(page(['c1', 'c2'], 'c2'));
    await clubs().open({ q: '  ', country: 'fr', weapon: 'foil' });
    expect(api.fetchClubs).toHaveBeenLastCalledWith({ country: 'FR', weapon: 'foil' });
    expect(clubs()).toMatchObject({ status: 'ready', nextCursor: 'c2' });

    api.fetchClubs.mockResolvedValueOnce(page(['c2', 'c3']));
    await clubs().loadMore();
    expect(api.fetchClubs).toHaveBeenLastCalledWith({ country: 'FR', weapon: 'foil' }, 'c2');
    expect(clubs().items.map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    expect(clubs()).toMatchObject({ nextCursor: null, loadingMore: false });
  });

  it('drops the reply for filters no longer shown', async () => {
    let answerOld: (value: ClubsPage) => void = () => undefined;
    api.fetchClubs.mockReturnValueOnce(new Promise((resolve) => (answerOld = resolve)));
    const old = clubs().open({ q: 'salle' });
    api.fetchClubs.mockResolvedValueOnce(page(['new']));
    await clubs().open({ q: 'cercle' });
    answerOld(page(['old']));
    await old;
    expect(clubs().items.map((c) => c.id)).toEqual(['new']);
    expect(clubs().filters).toEqual({ q: 'cercle' });
  });

  it('says so when the list cannot be fetched, and keeps what it showed on a failed refresh', async () => {
    api.fetchClubs.mockRejectedValueOnce(new ApiError('Server unavailable', 503));
    await clubs().open({});
    expect(clubs().status).toBe('error');
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch clubs', 'Server unavailable');

    api.fetchClubs.mockResolvedValueOnce(page(['c1']));
    await clubs().reload();
    api.fetchClubs.mockRejectedValueOnce(new ApiError('Server unavailable', 503));
    await clubs().reload();
    expect(clubs()).toMatchObject({ status: 'ready' });
    expect(clubs().items).toHaveLength(1);
  });
});
