import type { Fencer, MutedWord } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as socialApi from '../api/social';
import { notify } from '../lib/toast';
import { useMutedSettingsStore } from './muted-settings';

jest.mock('../api/social');
jest.mock('../lib/toast', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .toastModule(),
);

const api = jest.mocked(socialApi);
const toast = jest.mocked(notify);
const muted = () => useMutedSettingsStore.getState();

const ben: Fencer = {
  id: 'u2',
  username: 'ben',
  name: 'Ben',
  avatar: null,
  title: null,
  weaponSpecialty: 'foil',
  role: 'fencer',
};
const spoilers: MutedWord = { word: 'spoilers', expiresAt: null };
const politics: MutedWord = { word: 'politics', expiresAt: '2027-01-01T00:00:00.000Z' };

beforeEach(() => {
  jest.resetAllMocks();
  muted().reset();
  api.fetchMutedUsers.mockResolvedValue([ben]);
  api.fetchMutedWords.mockResolvedValue([spoilers, politics]);
});

describe('muted settings store', () => {
  it("loads both lists, and never shows another user's while theirs load", async () => {
    await muted().load('u1');
    expect(muted()).toMatchObject({
      userId: 'u1',
      status: 'ready',
      fencers: [ben],
      words: [spoilers, politics],
    });

    api.fetchMutedUsers.mockReturnValueOnce(new Promise(() => undefined));
    void muted().load('u3');
    expect(muted()).toMatchObject({ userId: 'u3', status: 'loading', fencers: [], words: [] });
  });

  it('unmutes a fencer, takes them off the list and says so; a failure says that instead', async () => {
    await muted().load('u1');
    api.unmuteUser.mockRejectedValueOnce(new ApiError('Server unavailable', 503));
    await muted().unmute(ben);
    expect(toast.error).toHaveBeenCalledWith('Failed to unmute', 'Server unavailable');
    expect(muted().fencers).toEqual([ben]);

    await muted().unmute(ben);
    expect(api.unmuteUser).toHaveBeenLastCalledWith('u2');
    expect(muted()).toMatchObject({ fencers: [], unmuting: [] });
    expect(toast.success).toHaveBeenCalledWith('Unmuted @ben', 'You will see their posts again.');
  });

  it('sends the whole list with a new word (the same word in another spelling gets the new end) and shows what was kept', async () => {
    await muted().load('u1');
    api.saveMutedWords.mockImplementation((words) => Promise.resolve(words as MutedWord[]));
    await muted().addWord(' Spoilers ', '2026-12-01T10:00:00.000Z');
    expect(api.saveMutedWords).toHaveBeenLastCalledWith([
      politics,
      { word: 'Spoilers', expiresAt: '2026-12-01T10:00:00.000Z' },
    ]);
    expect(muted().words.map((word) => word.word)).toEqual(['politics', 'Spoilers']);

    await muted().removeWord('politics');
    expect(api.saveMutedWords).toHaveBeenLastCalledWith([
      { word: 'Spoilers', expiresAt: '2026-12-01T10:00:00.000Z' },
    ]);
    expect(muted()).toMatchObject({ savingWords: false });
  });

  it("rejects with the server's text and keeps the list when the words are refused", async () => {
    await muted().load('u1');
    api.saveMutedWords.mockRejectedValueOnce(new ApiError('At most 100 muted words', 400));
    await expect(muted().addWord('one more', null)).rejects.toThrow('At most 100 muted words');
    expect(muted()).toMatchObject({ words: [spoilers, politics], savingWords: false });
  });
});
