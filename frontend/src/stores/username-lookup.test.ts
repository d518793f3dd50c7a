import type { Profile } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as usersApi from '../api/users';
import { useUsernameLookupStore } from './username-lookup';

jest.mock('../api/users');
const api = jest.mocked(usersApi);
const store = () => useUsernameLookupStore.getState();

const profile = (username: string) => ({ username }) as Profile;

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
});

describe('username lookup store', () => {
  it('finds the username of the id asked for last: a slow answer for an earlier id is dropped', async () => {
    let answer: (found: Profile) => void = () => undefined;
    api.fetchProfile.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = store().find('u-pierre');
    expect(store().lookup).toEqual({ status: 'loading' });
    api.fetchProfile.mockResolvedValueOnce(profile('claire'));
    await store().find('u-claire');
    answer(profile('pierre'));
    await first;
    expect(store()).toMatchObject({ userId: 'u-claire', lookup: { status: 'found', username: 'claire' } });
  });

  it('takes a missing or malformed id for an unknown one, anything else for a failure', async () => {
    api.fetchProfile.mockRejectedValueOnce(new ApiError('Not found', 404));
    await store().find('u-gone');
    expect(store().lookup).toEqual({ status: 'not-found' });
    api.fetchProfile.mockRejectedValueOnce(new ApiError('Invalid id', 400));
    await store().find('not-an-id');
    expect(store().lookup).toEqual({ status: 'not-found' });
    api.fetchProfile.mockRejectedValueOnce(new Error('offline'));
    await store().find('u-claire');
    expect(store().lookup).toEqual({ status: 'error' });
  });

  it('drops the answer once the page asking has left', async () => {
    let answer: (found: Profile) => void = () => undefined;
    api.fetchProfile.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const asking = store().find('u-claire');
    store().leave('u-claire');
    answer(profile('claire'));
    await asking;
    expect(store()).toMatchObject({ userId: null, lookup: { status: 'loading' } });
  });
});
