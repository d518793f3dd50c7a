import type { Bout, BoutsPage, FencerRecord, HeadToHead, ServerNotification } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as recordApi from '../api/record';
import { notify } from '../lib/toast';
import { startLiveEvents } from '../live-events';
import { liveSocket } from '../test-support/live-socket-mock';
import { sessionUser } from '../test-support/session-user';
import { BOUTS_PER_PAGE, useFencerRecordStore } from './fencer-record';
import { useSessionStore } from './session';

jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../api/record');
jest.mock('../api/notifications');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(recordApi);
const toast = jest.mocked(notify);
const live = liveSocket();

// The store follows the `notification` event through the app's one table of live updates.
startLiveEvents();

const ana = sessionUser({ id: 'u-ana', username: 'ana', name: 'Ana' });
const store = () => useFencerRecordStore.getState();

const ben = {
  id: 'u-ben',
  username: 'ben',
  name: 'Ben',
  avatar: null,
  title: null,
  weaponSpecialty: null,
  role: 'adult',
};

function bout(id: string, fields: Partial<Bout> = {}): Bout {
  return {
    id,
    weapon: 'epee',
    opponent: ben,
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

const shared: FencerRecord = {
  visible: true,
  sharedWith: 'everyone',
  ratings: [{ weapon: 'epee', system: 'USAF', value: 'B24' }],
  totals: [{ weapon: 'epee', bouts: 1, wins: 1, losses: 0, touchesFor: 5, touchesAgainst: 3, indicator: 2 }],
};
const page = (ids: string[], nextCursor: string | null = null): BoutsPage => ({
  bouts: ids.map((id) => bout(id)),
  nextCursor,
});
const headToHead: HeadToHead = { totals: shared.totals, bouts: [bout('b1')] };

const boutNotification: ServerNotification = {
  id: 'n1',
  type: 'bout',
  user: { id: 'u-ben', name: 'Ben', avatar: null },
  message: 'Ben confirmed your bout',
  path: '/u/ana#bouts',
  createdAt: '2026-11-22T10:00:05.000Z',
  unread: true,
};

function showing(record: FencerRecord = shared, bouts: BoutsPage = page(['b1'])) {
  api.fetchFencerRecord.mockResolvedValue(record);
  api.fetchBouts.mockResolvedValue(bouts);
  api.fetchHeadToHead.mockResolvedValue(headToHead);
}

beforeEach(() => {
  jest.resetAllMocks();
  localStorage.clear();
  useSessionStore.setState({ user: ana, status: 'ready' });
  store().reset();
  showing();
});

describe('the fencer record store', () => {
  it('shows another fencer’s record, their first page of bouts and the viewer against them', async () => {
    await store().open('ben', false);
    expect(api.fetchFencerRecord).toHaveBeenCalledWith('ben');
    expect(api.fetchBouts).toHaveBeenCalledWith('ben', { weapon: null, limit: BOUTS_PER_PAGE });
    expect(api.fetchHeadToHead).toHaveBeenCalledWith('ben');
    expect(store()).toMatchObject({ status: 'ready', record: shared, headToHead, boutsCursor: null });
    expect(store().bouts.map((b) => b.id)).toEqual(['b1']);
  });

  it('asks for no head-to-head on the viewer’s own page', async () => {
    await store().open('ana', true);
    expect(api.fetchHeadToHead).not.toHaveBeenCalled();
    expect(store()).toMatchObject({ status: 'ready', headToHead: null });
  });

  it('says why a record is closed: connections only, or private', async () => {
    const closed: FencerRecord = { visible: false, sharedWith: 'connections', ratings: [], totals: [] };
    api.fetchFencerRecord.mockResolvedValue(closed);
    api.fetchBouts.mockRejectedValue(
      new ApiError('This fencer shares their record with their connections only', 403),
    );
    api.fetchHeadToHead.mockRejectedValue(new ApiError('Forbidden', 403));
    await store().open('ben', false);
    expect(store()).toMatchObject({ status: 'hidden', hiddenBecause: 'connections', bouts: [] });

    api.fetchFencerRecord.mockResolvedValue({ ...closed, sharedWith: 'private' });
    await store().refresh();
    expect(store()).toMatchObject({ status: 'hidden', hiddenBecause: 'private' });
  });

  it('drops a reply for the fencer shown before', async () => {
    let answerOld: (record: FencerRecord) => void = () => undefined;
    api.fetchFencerRecord.mockReturnValueOnce(new Promise((resolve) => (answerOld = resolve)));
    const old = store().open('ben', false);
    const cleo: FencerRecord = { ...shared, ratings: [{ weapon: 'foil', system: 'FIE', value: '12' }] };
    api.fetchFencerRecord.mockResolvedValueOnce(cleo);
    await store().open('cleo', false);
    answerOld(shared);
    await old;
    expect(store()).toMatchObject({ username: 'cleo', record: cleo });
  });

  it('pages through the bouts, and a live refresh keeps the older ones shown', async () => {
    showing(shared, page(['b3', 'b2'], 'b2'));
    await store().open('ben', false);
    api.fetchBouts.mockResolvedValueOnce(page(['b1']));
    await store().loadMore();
    expect(api.fetchBouts).toHaveBeenLastCalledWith('ben', {
      weapon: null,
      limit: BOUTS_PER_PAGE,
      before: 'b2',
    });
    expect(store().bouts.map((b) => b.id)).toEqual(['b3', 'b2', 'b1']);
    expect(store().boutsCursor).toBeNull();

    // A new bout on top: the first page now ends at b3, and b2 and b1 stay below it.
    api.fetchBouts.mockResolvedValueOnce(page(['b4', 'b3'], 'b3'));
    await store().refresh();
    expect(store().bouts.map((b) => b.id)).toEqual(['b4', 'b3', 'b2', 'b1']);
  });

  it('refreshes the record shown when a bout notification arrives, not once the page is left', async () => {
    await store().open('ben', false);
    jest.clearAllMocks();
    showing(shared, page(['b2', 'b1']));
    live.play('notification', boutNotification);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.fetchBouts).toHaveBeenCalledTimes(1);
    expect(store().bouts.map((b) => b.id)).toEqual(['b2', 'b1']);

    // Other notifications leave it be; so does a bout once the page is gone.
    live.play('notification', { ...boutNotification, id: 'n2', type: 'like', path: undefined });
    store().leave('ben');
    live.play('notification', { ...boutNotification, id: 'n3' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.fetchBouts).toHaveBeenCalledTimes(1);
  });

  it('confirms a bout, says so and shows it counted; a bout answered already says why', async () => {
    const waiting = bout('b1', { status: 'unconfirmed', loggedBy: 'opponent' });
    showing(shared, { bouts: [waiting], nextCursor: null });
    await store().open('ana', true);
    api.answerBout.mockResolvedValue({ ...waiting, status: 'confirmed' });
    api.fetchBouts.mockResolvedValue({ bouts: [{ ...waiting, status: 'confirmed' }], nextCursor: null });
    await store().answer(waiting, true);
    expect(api.answerBout).toHaveBeenCalledWith('b1', true);
    expect(toast.success).toHaveBeenCalledWith('Bout confirmed', 'It now counts in both records.');
    expect(store().bouts[0].status).toBe('confirmed');
    expect(store().busy).toEqual([]);

    api.answerBout.mockRejectedValue(new ApiError('This bout has already been answered', 409));
    await store().answer(waiting, false);
    expect(toast.error).toHaveBeenCalledWith(
      'Failed to dispute the bout',
      'This bout has already been answered',
    );
  });

  it('logs a bout, says who confirms it, and rejects with the server’s text', async () => {
    await store().open('ben', false);
    api.logBout.mockResolvedValue(bout('b9', { status: 'unconfirmed' }));
    const payload = {
      weapon: 'epee' as const,
      opponentId: 'u-ben',
      scoreFor: 5,
      scoreAgainst: 3,
      won: true,
      kind: 'pool' as const,
      date: '2026-11-20',
    };
    await store().logBout(payload);
    expect(api.logBout).toHaveBeenCalledWith(payload);
    expect(toast.success).toHaveBeenCalledWith('Bout logged', 'It counts once Ben confirms it.');
    expect(api.fetchFencerRecord).toHaveBeenCalledTimes(2);

    api.logBout.mockRejectedValue(new ApiError('A bout cannot be in the future', 400));
    await expect(store().logBout(payload)).rejects.toThrow('A bout cannot be in the future');
    expect(store().logging).toBe(false);
  });

  it('forgets the record when the user changes', async () => {
    await store().open('ben', false);
    useSessionStore.getState().setUser(null);
    expect(store()).toMatchObject({ username: null, record: null, bouts: [], headToHead: null });
  });
});
