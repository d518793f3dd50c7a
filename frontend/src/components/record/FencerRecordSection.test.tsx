import type { Bout, BoutsPage, FencerRecord, HeadToHead, PublicProfile } from '@piste/contracts';
import { ApiError } from '../../api/client';
import * as recordApi from '../../api/record';
import { useFencerRecordStore } from '../../stores/fencer-record';
import { mountEach, settle } from '../../test-support/mounted';
import { FencerRecordSection } from './FencerRecordSection';

jest.mock('../../api/record');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());
jest.mock('../../lib/router', () =>
  jest
    .requireActual<typeof import('../../test-support/router-mock')>('../../test-support/router-mock')
    .routerModule(),
);

// jsdom has no modal dialogs.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.open = false;
};

const api = jest.mocked(recordApi);

const fencer = (id: string, name: string) => ({
  id,
  username: name.toLowerCase(),
  name,
  avatar: null,
  title: null,
  weaponSpecialty: null,
  role: 'adult',
});
const ANA = fencer('u-ana', 'Ana');
const BEN = fencer('u-ben', 'Ben');
const CLEO = fencer('u-cleo', 'Cleo');

const profileOf = (who: ReturnType<typeof fencer>): PublicProfile => ({
  ...who,
  weaponSpecialty: 'epee',
  bio: null,
  location: null,
  achievements: [],
  postsCount: 0,
  createdAt: '2026-01-01T10:00:00.000Z',
});

function bout(id: string, fields: Partial<Bout> = {}): Bout {
  return {
    id,
    weapon: 'epee',
    opponent: BEN,
    opponentName: null,
    scoreFor: 5,
    scoreAgainst: 3,
    won: true,
    kind: 'pool',
    date: '2026-11-20',
    eventId: null,
    notes: null,
    status: 'confirmed',
    loggedBy: 'self',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

// Ana's bouts, from her side: Ben logged one she has to answer, she logged one Cleo has to answer, one against a
// name, one confirmed and one disputed.
const ANAS_BOUTS: BoutsPage = {
  bouts: [
    bout('waiting-for-ana', {
      status: 'unconfirmed',
      loggedBy: 'opponent',
      scoreFor: 3,
      scoreAgainst: 5,
      won: false,
    }),
    bout('waiting-for-cleo', { status: 'unconfirmed', loggedBy: 'self', opponent: CLEO }),
    bout('named', { status: 'recorded', opponent: null, opponentName: 'Marc at the club', kind: 'practice' }),
    bout('confirmed', { status: 'confirmed', loggedBy: 'opponent' }),
    bout('disputed', { status: 'disputed', loggedBy: 'self' }),
  ],
  nextCursor: null,
};

const RECORD: FencerRecord = {
  visible: true,
  sharedWith: 'everyone',
  ratings: [
    { weapon: 'epee', system: 'USAF', value: 'B24' },
    { weapon: 'foil', system: 'FIE', value: '212' },
  ],
  totals: [
    { weapon: 'epee', bouts: 3, wins: 2, losses: 1, touchesFor: 13, touchesAgainst: 11, indicator: 2 },
    { weapon: 'foil', bouts: 1, wins: 0, losses: 1, touchesFor: 2, touchesAgainst: 5, indicator: -3 },
  ],
};

const HEAD_TO_HEAD: HeadToHead = {
  totals: [{ weapon: 'epee', bouts: 1, wins: 1, losses: 0, touchesFor: 5, touchesAgainst: 3, indicator: 2 }],
  bouts: [bout('h1', { opponent: ANA })],
};

let shown = { profile: profileOf(ANA), own: true };

beforeEach(() => {
  jest.resetAllMocks();
  useFencerRecordStore.getState().reset();
  api.fetchFencerRecord.mockResolvedValue(RECORD);
  api.fetchBouts.mockResolvedValue(ANAS_BOUTS);
  api.fetchHeadToHead.mockResolvedValue(HEAD_TO_HEAD);
  // The first load answers on the next turn, as over the network: the settle below takes it in.
  api.fetchFencerRecord.mockImplementationOnce(
    () => new Promise((resolve) => setTimeout(() => resolve(RECORD), 0)),
  );
  shown = { profile: profileOf(ANA), own: true };
});
const view = mountEach(() => (
  <FencerRecordSection
    profile={shown.profile}
    connection={shown.own ? 'self' : 'none'}
    name={shown.profile.name ?? shown.profile.username}
    viewerId="u-ana"
  />
));
const host = () => view.host();
beforeEach(() => settle(() => undefined));

/** Shows Ben's page to Ana (the viewer), with `record` and `bouts` as his. */
async function showBen(
  record: FencerRecord = RECORD,
  bouts: BoutsPage | ApiError = { bouts: [], nextCursor: null },
) {
  api.fetchFencerRecord.mockResolvedValue(record);
  if (bouts instanceof ApiError) api.fetchBouts.mockRejectedValue(bouts);
  else api.fetchBouts.mockResolvedValue(bouts);
  shown = { profile: profileOf(BEN), own: false };
  await settle(() =>
    view.render(
      <FencerRecordSection profile={shown.profile} connection="none" name="Ben" viewerId="u-ana" />,
    ),
  );
}

const row = (id: string) => host().querySelector<HTMLElement>(`[data-bout-id="${id}"]`)!;
const buttonsOf = (element: Element) =>
  [...element.querySelectorAll('button')].map((b) => b.textContent?.trim());
const text = (selector: string) => host().querySelector(selector)?.textContent?.trim();

describe('a fencer’s record on their page', () => {
  it('lists the ratings and the totals per weapon, headed as a pool sheet is', () => {
    const ratings = [...host().querySelectorAll('[data-testid=record-ratings] li')].map(
      (li) => li.textContent,
    );
    expect(ratings).toEqual(['Épée · , USA FencingB24', 'Foil · , FIE world rank#212']);
    const table = host().querySelector('[data-testid=record-totals]')!;
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Weapon', 'Bouts', 'V', 'D', 'TS', 'TR', 'Ind']);
    expect([...table.querySelectorAll('abbr')].map((abbr) => abbr.title)).toEqual([
      'Victories',
      'Defeats',
      'Touches scored',
      'Touches received',
      'Indicator (touches scored minus received)',
    ]);
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Épée', '3', '2', '1', '13', '11', '+2'],
      ['Foil', '1', '0', '1', '2', '5', '−3'],
    ]);
  });

  it('offers Confirm and Dispute only on the bouts logged against the fencer and waiting, Delete on theirs', () => {
    expect(buttonsOf(row('waiting-for-ana'))).toEqual(['Confirm', 'Dispute']);
    expect(buttonsOf(row('waiting-for-cleo'))).toEqual(['Delete']);
    expect(buttonsOf(row('named'))).toEqual(['Delete']);
    expect(buttonsOf(row('confirmed'))).toEqual([]);
    expect(buttonsOf(row('disputed'))).toEqual(['Delete']);
    expect(host().querySelectorAll('button')).toHaveLength(
      // Log a bout, the five above.
      1 + 5,
    );
  });

  it('shows each bout’s score with V or D, its opponent and its status', () => {
    expect(row('waiting-for-ana').querySelector('[data-testid=bout-score]')?.textContent).toBe('3–5');
    expect(row('waiting-for-ana').textContent).toContain('Defeat');
    expect(row('waiting-for-ana').textContent).toContain('Waiting for you to confirm');
    expect(row('waiting-for-cleo').textContent).toContain('Waiting for Cleo to confirm');
    expect(row('named').textContent).toContain('vs Marc at the club');
    expect(row('named').textContent).toContain('Practice');
    expect(row('disputed').querySelector('[data-testid=bout-status]')?.textContent).toBe('Disputed');
    expect(row('confirmed').querySelector('[data-testid=bout-status]')).toBeNull();
    expect(row('confirmed').querySelector('a')?.getAttribute('href')).toBe('/u/ben');
  });

  it('confirms at once, and disputes or deletes after asking', async () => {
    api.answerBout.mockResolvedValue(ANAS_BOUTS.bouts[0]);
    await settle(() => row('waiting-for-ana').querySelector<HTMLButtonElement>('button')!.click());
    expect(api.answerBout).toHaveBeenCalledWith('waiting-for-ana', true);

    await settle(() => [...row('waiting-for-ana').querySelectorAll('button')][1].click());
    expect(api.answerBout).toHaveBeenCalledTimes(1);
    const dialog = host().querySelector('dialog[open]')!;
    expect(dialog.textContent).toContain('Dispute this bout?');
    expect(dialog.textContent).toContain('Ben will be told you dispute the bout they logged (3–5 to you).');
    await settle(() =>
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Dispute')!.click(),
    );
    expect(api.answerBout).toHaveBeenLastCalledWith('waiting-for-ana', false);

    api.deleteBout.mockResolvedValue();
    await settle(() => row('named').querySelector('button')!.click());
    const asked = host().querySelector('dialog[open]')!;
    expect(asked.textContent).toContain('Your 5–3 against Marc at the club goes from your record.');
    await settle(() =>
      [...asked.querySelectorAll('button')].find((b) => b.textContent === 'Delete')!.click(),
    );
    expect(api.deleteBout).toHaveBeenCalledWith('named');
  });

  it('shows no head-to-head on the fencer’s own page', () => {
    expect(api.fetchHeadToHead).not.toHaveBeenCalled();
    expect(host().querySelector('[data-testid=head-to-head]')).toBeNull();
  });

  it('shows the viewer against another fencer, and no buttons on bouts the viewer is not in', async () => {
    const bensBouts: BoutsPage = {
      bouts: [
        bout('ben-vs-cleo', { status: 'unconfirmed', loggedBy: 'self', opponent: CLEO }),
        bout('ana-logged', {
          status: 'unconfirmed',
          loggedBy: 'opponent',
          opponent: ANA,
          scoreFor: 3,
          scoreAgainst: 5,
          won: false,
        }),
      ],
      nextCursor: null,
    };
    await showBen(RECORD, bensBouts);
    const card = host().querySelector('[data-testid=head-to-head]')!;
    expect(card.textContent).toContain('You vs Ben');
    expect(text('[data-testid=head-to-head-summary]')).toBe('1 bout · 1 win · 0 losses');
    expect(api.fetchHeadToHead).toHaveBeenCalledWith('ben');
    expect(buttonsOf(row('ben-vs-cleo'))).toEqual([]);
    expect(row('ben-vs-cleo').textContent).toContain('Waiting for Cleo to confirm');
    // Ana logged this one against Ben: it waits for him, and she may take it back.
    expect(row('ana-logged').textContent).toContain('Waiting for Ben to confirm');
    expect(buttonsOf(row('ana-logged'))).toEqual(['Delete']);
  });

  it('says in one line when the fencer keeps their record from the viewer', async () => {
    api.fetchHeadToHead.mockRejectedValue(new ApiError('Forbidden', 403));
    await showBen(
      { visible: false, sharedWith: 'connections', ratings: [], totals: [] },
      new ApiError('This fencer shares their record with their connections only', 403),
    );
    expect(text('[data-testid=record-hidden]')).toBe('Ben shares their record with connections only.');
    expect(host().querySelector('[data-testid=bout-log]')).toBeNull();
    expect(host().querySelector('[data-testid=head-to-head]')).toBeNull();

    api.fetchFencerRecord.mockResolvedValue({
      visible: false,
      sharedWith: 'private',
      ratings: [],
      totals: [],
    });
    await settle(() => void useFencerRecordStore.getState().refresh());
    expect(text('[data-testid=record-hidden]')).toBe('Ben keeps their record private.');
  });

  it('opens a record shared with connections once the viewer connects', async () => {
    api.fetchHeadToHead.mockRejectedValue(new ApiError('Forbidden', 403));
    await showBen(
      { visible: false, sharedWith: 'connections', ratings: [], totals: [] },
      new ApiError('This fencer shares their record with their connections only', 403),
    );
    expect(host().querySelector('[data-testid=record-hidden]')).not.toBeNull();

    api.fetchFencerRecord.mockResolvedValue(RECORD);
    api.fetchBouts.mockResolvedValue({ bouts: [], nextCursor: null });
    api.fetchHeadToHead.mockResolvedValue(HEAD_TO_HEAD);
    await settle(() =>
      view.render(
        <FencerRecordSection profile={shown.profile} connection="connected" name="Ben" viewerId="u-ana" />,
      ),
    );
    expect(host().querySelector('[data-testid=record-hidden]')).toBeNull();
    expect(host().querySelector('[data-testid=record-totals]')).not.toBeNull();
    expect(host().querySelector('[data-testid=head-to-head]')).not.toBeNull();
  });
});
