import type { Report } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as moderationApi from '../api/moderation';
import { notify } from '../lib/toast';
import { selectPendingCount, splitResolved, useModerationStore } from './moderation';
import { useSessionStore } from './session';
import { startLiveEvents } from '../live-events';
import { liveSocket } from '../test-support/live-socket-mock';
import { sessionUser } from '../test-support/session-user';

// Captures the store's socket subscriptions so a test can play server events.
jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../api/moderation');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const toast = jest.mocked(notify);

const live = liveSocket();

// The stores follow server events through the app's one table of live updates.
startLiveEvents();
const api = jest.mocked(moderationApi);

const admin = sessionUser({ id: 'admin-1', username: 'boss', name: 'Boss', isAdmin: true });

function makeReport(id: string, overrides: Partial<Report> = {}): Report {
  return {
    id,
    postId: `post-${id}`,
    reason: 'Spam',
    description: null,
    status: 'pending',
    createdAt: `2026-11-22T10:00:0${id.slice(-1)}.000Z`,
    resolvedAt: null,
    reporterId: 'user-b',
    reviewedBy: null,
    targetType: 'post',
    targetId: `post-${id}`,
    category: null,
    targetUserId: 'user-a',
    post: { content: 'Buy blades', authorId: 'user-a', authorName: 'Alice', deleted: false },
    target: {
      type: 'post',
      postId: `post-${id}`,
      content: 'Buy blades',
      authorId: 'user-a',
      authorName: 'Alice',
      deleted: false,
    },
    actions: [],
    ...overrides,
  };
}

/** What the server answers to a one-hour ban of the reported post's author. */
const aliceBanned = {
  id: 'ban-1',
  userId: 'user-a',
  bannedBy: admin.id,
  reason: 'Spam',
  bannedUntil: '2026-11-22T11:00:00.000Z',
  createdAt: '2026-11-22T10:00:00.000Z',
};

const dismissed = (r: Report): Report => ({
  ...r,
  status: 'dismissed',
  resolvedAt: '2026-11-22T11:00:00.000Z',
  reviewedBy: { id: admin.id, name: admin.name },
  actions: [{ action: 'dismiss', by: admin.name, at: '2026-11-22T11:00:00.000Z' }],
});

beforeEach(() => {
  jest.resetAllMocks();
  useSessionStore.setState({ user: admin, status: 'ready' });
  useModerationStore.getState().reset();
});

describe('moderation store', () => {
  it('loads the queue newest first and counts the pending reports', async () => {
    api.fetchReports.mockResolvedValue([makeReport('r1'), dismissed(makeReport('r2')), makeReport('r3')]);
    await useModerationStore.getState().load();
    const state = useModerationStore.getState();
    expect(state.status).toBe('ready');
    expect(state.reports.map((r) => r.id)).toEqual(['r3', 'r2', 'r1']);
    expect(selectPendingCount(state)).toBe(2);
    expect(splitResolved(state.reports)).toEqual({ count: 1, shown: [state.reports[1]] });
  });

  it('adds a report:new and applies a report:updated live', async () => {
    api.fetchReports.mockResolvedValue([makeReport('r1')]);
    await useModerationStore.getState().load();
    live.play('report:new', { report: makeReport('r2') });
    expect(selectPendingCount(useModerationStore.getState())).toBe(2);
    live.play('report:updated', { report: dismissed(makeReport('r1')) });
    const state = useModerationStore.getState();
    expect(selectPendingCount(state)).toBe(1);
    expect(state.reports.find((r) => r.id === 'r1')?.status).toBe('dismissed');
  });

  it('keeps a live update when an older fetch resolves after it', async () => {
    let resolveFetch: (reports: Report[]) => void = () => {};
    api.fetchReports.mockReturnValue(new Promise((resolve) => (resolveFetch = resolve)));
    const loading = useModerationStore.getState().load();
    live.play('report:updated', { report: dismissed(makeReport('r1')) });
    resolveFetch([makeReport('r1')]);
    await loading;
    expect(useModerationStore.getState().reports).toEqual([dismissed(makeReport('r1'))]);
  });

  it('shows at most 10 resolved reports but counts them all', () => {
    const reports = Array.from({ length: 12 }, (_, i) => dismissed(makeReport(`r${i}`)));
    const { count, shown } = splitResolved(reports);
    expect(count).toBe(12);
    expect(shown).toHaveLength(10);
  });

  it('dismisses through the API and refetches the list', async () => {
    api.fetchReports.mockResolvedValue([makeReport('r1')]);
    await useModerationStore.getState().load();
    api.updateReport.mockResolvedValue(dismissed(makeReport('r1')));
    api.fetchReports.mockResolvedValue([dismissed(makeReport('r1'))]);
    await useModerationStore.getState().dismiss('r1');
    expect(api.updateReport).toHaveBeenCalledWith('r1', 'dismissed');
    expect(api.fetchReports).toHaveBeenCalledTimes(2);
    expect(useModerationStore.getState().reports[0]?.status).toBe('dismissed');
    expect(toast.success).toHaveBeenCalledWith('Report has been updated');
  });

  it('says when a dismiss fails', async () => {
    api.updateReport.mockRejectedValue(new ApiError('Report not found', 404));
    await expect(useModerationStore.getState().dismiss('r1')).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Error', 'Failed to update report');
  });

  it('deleting a post that is already gone closes its report instead', async () => {
    const report = makeReport('r1');
    api.deleteReportedPost.mockRejectedValue(new ApiError('Post not found', 404));
    api.updateReport.mockResolvedValue({ ...dismissed(report), status: 'resolved' });
    api.fetchReports.mockResolvedValue([]);
    await expect(useModerationStore.getState().deletePost(report)).resolves.toBe(true);
    expect(api.updateReport).toHaveBeenCalledWith('r1', 'resolved');
    expect(toast.success).toHaveBeenCalledWith('Post deleted', 'The reported post has been removed');
  });

  it('says when a delete fails for another reason, and leaves the report alone', async () => {
    api.deleteReportedPost.mockRejectedValue(new ApiError('Admin access required', 403));
    await expect(useModerationStore.getState().deletePost(makeReport('r1'))).resolves.toBe(false);
    expect(api.updateReport).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Error', 'Failed to delete post');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("bans the reported post's author with the report id", async () => {
    api.banUser.mockResolvedValue(aliceBanned);
    api.fetchReports.mockResolvedValue([]);
    await expect(useModerationStore.getState().banReported(makeReport('r1'), 1, 'Spam')).resolves.toBe(true);
    expect(api.banUser).toHaveBeenCalledWith({
      userId: 'user-a',
      reason: 'Spam',
      durationHours: 1,
      reportId: 'r1',
    });
    expect(toast.success).toHaveBeenCalledWith(
      'User banned',
      'The user has been temporarily banned from posting',
    );

    api.banUser.mockRejectedValue(new ApiError('User is already banned', 409));
    await expect(useModerationStore.getState().banReported(makeReport('r1'), 1, 'Spam')).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Error banning user', 'User is already banned');
  });

  it('has the refetched queue in place when it says a ban or a delete worked', async () => {
    const report = makeReport('r1');
    useModerationStore.setState({ reports: [report], status: 'ready' });
    const resolved: Report = { ...report, status: 'resolved', resolvedAt: '2026-11-22T11:00:00.000Z' };
    api.fetchReports.mockResolvedValue([resolved]);
    const pendingWhenToasted: number[] = [];
    toast.success.mockImplementation(() => {
      pendingWhenToasted.push(selectPendingCount(useModerationStore.getState()));
    });
    api.banUser.mockResolvedValue(aliceBanned);
    await expect(useModerationStore.getState().banReported(report, 1, 'Spam')).resolves.toBe(true);

    useModerationStore.setState({ reports: [report], status: 'ready' });
    api.deleteReportedPost.mockResolvedValue(undefined);
    await expect(useModerationStore.getState().deletePost(report)).resolves.toBe(true);
    expect(pendingWhenToasted).toEqual([0, 0]);
  });

  it("refuses to ban when the snapshot has no author: 'Post author not found'", async () => {
    const orphan = makeReport('r1', {
      targetUserId: null,
      post: { content: 'x', authorId: null, authorName: null, deleted: true },
    });
    expect(useModerationStore.getState().canBanReported(orphan)).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Error', 'Post author not found');
    await expect(useModerationStore.getState().banReported(orphan, 24, 'Spam')).resolves.toBe(false);
    expect(api.banUser).not.toHaveBeenCalled();
  });

  it('bans whom a report of a message or a fencer is against; one whose account is gone is not found', async () => {
    const message = makeReport('r1', {
      postId: null,
      post: null,
      targetType: 'message',
      targetId: 'message-1',
      category: 'harassment',
      reason: 'harassment',
      targetUserId: 'user-s',
      target: {
        type: 'message',
        messageId: 'message-1',
        content: 'Pay up',
        sentAt: '2026-11-22T09:00:00.000Z',
        senderId: 'user-s',
        senderName: 'Sam',
        receiverId: 'user-b',
        receiverName: 'Bea',
        deleted: false,
      },
    });
    api.banUser.mockResolvedValue({
      id: 'ban-1',
      userId: 'user-s',
      bannedBy: admin.id,
      reason: 'Threats',
      bannedUntil: '2026-11-23T10:00:00.000Z',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    api.fetchReports.mockResolvedValue([]);
    expect(useModerationStore.getState().canBanReported(message)).toBe(true);
    await expect(useModerationStore.getState().banReported(message, 24, 'Threats')).resolves.toBe(true);
    expect(api.banUser).toHaveBeenCalledWith({
      userId: 'user-s',
      reason: 'Threats',
      durationHours: 24,
      reportId: 'r1',
    });

    const goneFencer = makeReport('r2', {
      postId: null,
      post: null,
      targetType: 'user',
      targetId: null,
      targetUserId: null,
      target: {
        type: 'user',
        userId: null,
        username: null,
        name: null,
        avatar: null,
        title: null,
        bio: 'Was here',
        role: 'student',
        weaponSpecialty: null,
        deleted: true,
      },
    });
    expect(useModerationStore.getState().canBanReported(goneFencer)).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Error', 'User not found');
  });

  it('deletes only a reported post: a report of anything else is left alone', async () => {
    const comment = makeReport('r1', { postId: null, post: null, targetType: 'comment', targetId: 'c-1' });
    await expect(useModerationStore.getState().deletePost(comment)).resolves.toBe(false);
    expect(api.deleteReportedPost).not.toHaveBeenCalled();
    expect(api.updateReport).not.toHaveBeenCalled();
  });

  it('refetches a shown queue after a reconnect, and forgets it when the user changes', async () => {
    api.fetchReports.mockResolvedValue([makeReport('r1')]);
    await useModerationStore.getState().load();
    live.reconnect();
    expect(api.fetchReports).toHaveBeenCalledTimes(2);

    useSessionStore.setState({ user: null });
    expect(useModerationStore.getState()).toMatchObject({ reports: [], status: 'idle' });
    live.reconnect();
    expect(api.fetchReports).toHaveBeenCalledTimes(2);
  });
});
