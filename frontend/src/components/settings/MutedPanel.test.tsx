import type { Fencer, MutedWord } from '@piste/contracts';
import * as accountApi from '../../api/account';
import { ApiError } from '../../api/client';
import * as socialApi from '../../api/social';
import { notify } from '../../lib/toast';
import { SettingsPage } from '../../pages/SettingsPage';
import { useMutedSettingsStore } from '../../stores/muted-settings';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { routerAddress } from '../../test-support/router-mock';
import { sessionUser } from '../../test-support/session-user';
import { expiryOf } from './MutedPanel';

jest.mock('../../lib/router', () => jest.requireActual('../../test-support/router-mock').routerModule());
jest.mock('../../api/account');
jest.mock('../../api/social');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());
const social = jest.mocked(socialApi);
const toast = jest.mocked(notify);
const address = routerAddress();

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire' });
const ben: Fencer = {
  id: 'u2',
  username: 'ben',
  name: 'Ben Marsh',
  avatar: null,
  title: null,
  weaponSpecialty: 'foil',
  role: 'fencer',
};
const spoilers: MutedWord = { word: 'spoilers', expiresAt: null };
const politics: MutedWord = { word: 'politics', expiresAt: '2027-03-12T14:00:00.000Z' };
/** A reply that arrives on the next turn, as over the network: the test's next settle takes it in. */
const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

beforeEach(() => {
  jest.resetAllMocks();
  useMutedSettingsStore.getState().reset();
  jest.mocked(accountApi).fetchAccount.mockImplementation(() => new Promise(() => undefined));
  social.fetchMutedUsers.mockImplementation(() => later([ben]));
  social.fetchMutedWords.mockImplementation(() => later([spoilers, politics]));
  address.visit('/settings?tab=muted');
});
const view = mountEach(() => <SettingsPage user={claire} />);
const host = () => view.host();
beforeEach(() => settle(() => undefined));

const section = (title: string) =>
  [...host().querySelectorAll('section[aria-labelledby]')].find(
    (s) => s.querySelector('h2')?.textContent === title,
  )!;
const button = (name: string) =>
  [...host().querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  );
const rows = (testId: string) =>
  [...host().querySelectorAll(`[data-testid=${testId}]`)].map((row) => row.textContent);
const wordInput = () => host().querySelector<HTMLInputElement>('#muted-word-word')!;
const durationSelect = () => host().querySelector<HTMLSelectElement>('#muted-word-duration')!;
const submit = () =>
  settle(() => host().querySelector<HTMLFormElement>('form[aria-label="Mute a word"]')!.requestSubmit());

describe('SettingsPage: Muted', () => {
  it('follows the tab in the address and lists the muted fencers and words with their ends', () => {
    const tab = host().querySelector('#settings-tab-muted');
    expect(tab?.getAttribute('aria-selected')).toBe('true');
    expect(social.fetchMutedUsers).toHaveBeenCalled();
    // The avatar's initial, the name, the username and the button.
    expect(rows('muted-fencer')).toEqual(['BBen Marsh@benUnmute']);
    expect(section('Muted fencers').querySelector('a')?.getAttribute('href')).toBe('/u/ben');
    const words = rows('muted-word');
    expect(words[0]).toBe('spoilersUntil you unmuteRemove');
    expect(words[1]).toMatch(/^politicsUntil .*2027.*Remove$/);
  });

  it('unmutes a fencer', async () => {
    social.unmuteUser.mockResolvedValue();
    await settle(() => button('Unmute Ben Marsh')!.click());
    expect(social.unmuteUser).toHaveBeenCalledWith('u2');
    expect(toast.success).toHaveBeenCalledWith('Unmuted @ben', 'You will see their posts again.');
    expect(section('Muted fencers').textContent).toContain('You have not muted anyone');
  });

  it('mutes a word for the chosen time with the whole list, and removes one', async () => {
    social.saveMutedWords.mockImplementation((words) => later(words as MutedWord[]));
    typeInto(wordInput(), 'Touché');
    typeInto(durationSelect(), '7d');
    const before = Date.now();
    await submit();
    await settle(() => undefined);
    const [sent] = social.saveMutedWords.mock.calls[0];
    expect(sent.slice(0, 2)).toEqual([spoilers, politics]);
    expect(sent[2].word).toBe('Touché');
    const until = Date.parse(sent[2].expiresAt!);
    expect(until - before).toBeGreaterThanOrEqual(7 * 24 * 3_600_000);
    expect(until - before).toBeLessThan(7 * 24 * 3_600_000 + 60_000);
    expect(rows('muted-word')).toHaveLength(3);
    expect(wordInput().value).toBe('');
    expect(durationSelect().value).toBe('forever');

    await settle(() => button('Remove spoilers')!.click());
    await settle(() => undefined);
    expect(social.saveMutedWords).toHaveBeenLastCalledWith([politics, sent[2]]);
    expect(rows('muted-word').map((row) => row?.split('Until')[0])).toEqual(['politics', 'Touché']);
  });

  it("checks the word with the contract's rule, and shows the server's refusal above the form", async () => {
    typeInto(wordInput(), '  ');
    await submit();
    expect(host().querySelector('#muted-word-word-error')?.textContent).toBe('Type a word to mute');
    expect(social.saveMutedWords).not.toHaveBeenCalled();

    social.saveMutedWords.mockRejectedValueOnce(new ApiError('At most 100 muted words', 400));
    typeInto(wordInput(), 'one more');
    await submit();
    expect(section('Muted words').querySelector('[role=alert]')?.textContent).toBe('At most 100 muted words');
    expect(wordInput().value).toBe('one more');
    expect(rows('muted-word')).toHaveLength(2);
  });

  it('offers to try again when the lists cannot be loaded', async () => {
    social.fetchMutedWords.mockRejectedValueOnce(new Error('offline'));
    await settle(() => {
      useMutedSettingsStore.getState().reset();
      void useMutedSettingsStore.getState().load('u1');
    });
    expect(section('Muted words').textContent).toContain('Your muted words could not be loaded.');
    await settle(() => button('Try again')!.click());
    await settle(() => undefined);
    expect(rows('muted-word')).toHaveLength(2);
  });

  it('says how long a word stays muted', () => {
    expect(expiryOf('forever', 0)).toBeNull();
    expect(expiryOf('24h', 0)).toBe('1970-01-02T00:00:00.000Z');
    expect(expiryOf('30d', 0)).toBe('1970-01-31T00:00:00.000Z');
  });
});
