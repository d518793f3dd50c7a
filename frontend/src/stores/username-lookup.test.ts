import type { Profile } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as usersApi from '../api/users';
import { useUsernameLookupStore } from './username-lookup';
import { heldReply } from '../test-support/held-reply';

jest.mock('../api/users');
const api = jest.mocked(usersApi);
const store = () => useUsernameLookupStore.getState();

const profile = (username: string) => ({ username }) as Profile;

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
});

describe('username lookup store', () => {
  it.each([
    ['a missing id', new ApiError('Not found', 404), 'not-found'],
    // A malformed id is as unknown as a missing one.
    ['a malformed id', new ApiError('Invalid id', 400), 'not-found'],
    ['a failure', new Error('offline'), 'error'],
  ])('tells %s by its answer', async (_what, failure, status) => {
    api.fetchProfile.mockRejectedValueOnce(failure);
    await store().find('u-someone');
    expect(store().lookup).toEqual({ status });
  });

  it('finds the username of the id asked for last: a slow answer for an earlier id is dropped', async () => {
    const slow = heldReply<Profile>();
    api.fetchProfile.mockReturnValueOnce(slow.promise);
    const first = store().find('u-pierre');
    expect(store().lookup).toEqual({ status: 'loading' });
    api.fetchProfile.mockResolvedValueOnce(profile('claire'));
    await store().find('u-claire');
    slow.give(profile('pierre'));
    await first;
    expect(store()).toMatchObject({ userId: 'u-claire', lookup: { status: 'found', username: 'claire' } });
  });

  it('drops the answer once the page asking has left', async () => {
    const slow = heldReply<Profile>();
    api.fetchProfile.mockReturnValueOnce(slow.promise);
    const asking = store().find('u-claire');
    store().reset();
    slow.give(profile('claire'));
    await asking;
    expect(store()).toMatchObject({ userId: null, lookup: { status: 'loading' } });
  });
});
