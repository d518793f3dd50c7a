import type { Report } from '@piste/contracts';
import * as moderationApi from '../api/moderation';
import { lazyPartsArrive, mountEach, settle } from '../test-support/mounted';
import { sessionUser } from '../test-support/session-user';
import { usePendingReportCount } from './pending-reports';
import { useSessionStore } from './session';

jest.mock('../api/moderation');
const api = jest.mocked(moderationApi);

const pending = (id: string): Report => ({
  id,
  postId: 'post-1',
  reason: 'Spam',
  description: null,
  status: 'pending',
  createdAt: '2026-11-22T10:00:00.000Z',
  resolvedAt: null,
  reporterId: 'user-b',
  reviewedBy: null,
  targetType: 'post',
  targetId: 'post-1',
  category: null,
  targetUserId: 'user-a',
  post: { content: 'Buy blades', authorId: 'user-a', authorName: 'Alice', deleted: false },
  target: {
    type: 'post',
    postId: 'post-1',
    content: 'Buy blades',
    authorId: 'user-a',
    authorName: 'Alice',
    deleted: false,
  },
  actions: [],
});

function Badge() {
  const isAdmin = useSessionStore((s) => s.user?.isAdmin ?? false);
  return <output>{usePendingReportCount(isAdmin)}</output>;
}

beforeEach(() => {
  jest.resetAllMocks();
  api.fetchReports.mockResolvedValue([pending('r1'), pending('r2')]);
});

describe('usePendingReportCount', () => {
  describe('for an admin', () => {
    beforeEach(() =>
      useSessionStore.setState({
        user: sessionUser({ id: 'a1', username: 'boss', name: 'Boss', isAdmin: true }),
        status: 'ready',
      }),
    );
    const view = mountEach(() => <Badge />);

    it('fetches the report queue and counts what is pending', async () => {
      await lazyPartsArrive();
      await settle(() => undefined);
      expect(api.fetchReports).toHaveBeenCalledTimes(1);
      expect(view.host().textContent).toBe('2');
    });
  });

  describe('for anyone else', () => {
    beforeEach(() =>
      useSessionStore.setState({
        user: sessionUser({ id: 'f1', username: 'claire', name: 'Claire', isAdmin: false }),
        status: 'ready',
      }),
    );
    const view = mountEach(() => <Badge />);

    it('shows nothing and asks the server nothing', async () => {
      await lazyPartsArrive();
      expect(api.fetchReports).not.toHaveBeenCalled();
      expect(view.host().textContent).toBe('0');
    });
  });
});
