import type { AppNotification } from '@piste/contracts';
import { notificationPath } from './paths';

const base: AppNotification = {
  id: 1,
  type: 'other',
  user: { id: 'u-1', name: 'Ana', avatar: null },
  message: 'Ana did something',
  time: 'Just now',
  unread: true,
};

describe('notificationPath', () => {
  it('leads to the subject of each kind of notification', () => {
    expect(notificationPath({ ...base, type: 'like', postId: 'p-1' })).toBe('/posts/p-1');
    expect(notificationPath({ ...base, type: 'comment', postId: 'p-2' })).toBe('/posts/p-2');
    expect(notificationPath({ ...base, type: 'message', conversationId: 'c-1' })).toBe('/messages?with=u-1');
    expect(notificationPath({ ...base, type: 'follow', requestId: 'r-1' })).toBe('/connections?tab=requests');
    expect(notificationPath({ ...base, type: 'follow' })).toBe('/u/id/u-1');
  });

  it('leads to the page a notification names before anything else', () => {
    expect(notificationPath({ ...base, path: '/settings?tab=privacy' })).toBe('/settings?tab=privacy');
    expect(notificationPath({ ...base, type: 'like', postId: 'p-1', path: '/settings' })).toBe('/settings');
  });

  it('leads nowhere when the notification names nobody and nothing', () => {
    expect(notificationPath({ ...base, user: { name: 'Piste', avatar: null } })).toBeNull();
  });
});
