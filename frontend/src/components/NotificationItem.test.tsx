import type { AppNotification } from '@piste/contracts';
import i18next from 'i18next';
import { act } from 'react';
import { useNotificationsStore } from '../stores/notifications';
import { mountEach } from '../test-support/mounted';
import { NotificationList } from './NotificationItem';

jest.mock('../lib/router', () => jest.requireActual('../test-support/router-mock').routerModule());

const sent = (ownMessage: boolean): AppNotification => ({
  id: ownMessage ? 2 : 1,
  type: 'message',
  user: { id: 'user-bruno', name: 'Bruno', avatar: null },
  message: 'You sent a message',
  ...(ownMessage ? { ownMessage } : {}),
  conversationId: 'c1',
  time: 'Just now',
  unread: false,
});

const shown = [sent(true)];
beforeEach(() => useNotificationsStore.setState({ items: shown }));
afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});
const view = mountEach(() => <NotificationList shown={shown} />);

describe('NotificationList', () => {
  it('says the browser’s own “You sent a message” in the language shown, whatever it was stored in', async () => {
    expect(view.host().textContent).toContain('You sent a message');
    await act(() => i18next.changeLanguage('fr'));
    expect(view.host().textContent).toContain('Vous avez envoyé un message');
  });

  it('shows any other stored text as it was stored', async () => {
    view.render(<NotificationList shown={[sent(false)]} />);
    await act(() => i18next.changeLanguage('fr'));
    expect(view.host().textContent).toContain('You sent a message');
  });
});
