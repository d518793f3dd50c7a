import { MESSAGES_PAGE_SIZE, type Conversation, type DirectMessage } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as messagesApi from '../api/messages';
import { notify } from '../lib/toast';
import { draftKey, useMessagesStore } from './messages';
import { useNotificationsStore } from './notifications';
import { useSessionStore } from './session';
import { heldReply } from '../test-support/held-reply';
import { startLiveEvents } from '../live-events';
import { liveSocket } from '../test-support/live-socket-mock';
import { sessionUser } from '../test-support/session-user';

// Captures the store's socket subscriptions so a test can play server events.
jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../api/messages');
jest.mock('../api/notifications');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());

const live = liveSocket();

// The stores follow server events through the app's one table of live updates.
startLiveEvents();
const api = jest.mocked(messagesApi);

const me = sessionUser({ id: 'me', username: 'me', name: 'Me' });
const partner = { id: 'them', name: 'Them', avatar: null };

let clock = Date.parse('2026-03-01T10:00:00.000Z');
function message(overrides: Partial<DirectMessage> = {}): DirectMessage {
  clock += 1000;
  return {
    id: `m-${clock}`,
    conversationId: 'c1',
    senderId: partner.id,
    receiverId: me.id,
    content: 'hello',
    isRead: false,
    clientId: null,
    createdAt: new Date(clock).toISOString(),
    ...overrides,
  };
}

function conversation(id: string, overrides: Partial<Conversation> = {}): Conversation {
  return {
    id,
    otherUser: { id: `${id}-user`, name: id, avatar: null, weaponSpecialty: 'epee', role: 'student' },
    lastMessageAt: new Date(clock).toISOString(),
    lastMessage: null,
    unreadCount: 0,
    ...overrides,
  };
}

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.setState({ user: me, status: 'ready' });
  useMessagesStore.getState().reset();
  api.markConversationRead.mockResolvedValue();
  api.fetchConversations.mockResolvedValue([]);
});

describe('sending', () => {
  it('shows the message at once, then the stored copy once, and records "You sent a message"', async () => {
    const before = useNotificationsStore.getState().items.length;
    let resolveSend!: (reply: { message: DirectMessage; conversationId: string }) => void;
    api.sendMessage.mockReturnValue(new Promise((resolve) => (resolveSend = resolve)));
    useMessagesStore.setState({
      conversations: [conversation('c1', { otherUser: { ...conversation('c1').otherUser, id: partner.id } })],
    });

    const sending = useMessagesStore.getState().send(partner, 'c1', '  En garde  ');
    let thread = useMessagesStore.getState().threads.c1;
    expect(thread.messages).toEqual([expect.objectContaining({ content: 'En garde', delivery: 'sending' })]);
    const { clientId } = thread.messages[0];
    expect(api.sendMessage).toHaveBeenCalledWith({
      senderId: me.id,
      receiverId: partner.id,
      content: 'En garde',
      clientId,
    });

    // The echo to our own user room may arrive before the HTTP reply: still one message.
    const stored = message({ senderId: me.id, receiverId: partner.id, content: 'En garde', clientId });
    live.play('message:new', { message: stored, conversationId: 'c1' });
    resolveSend({ message: stored, conversationId: 'c1' });
    await expect(sending).resolves.toBe('c1');

    thread = useMessagesStore.getState().threads.c1!;
    expect(thread.messages).toEqual([expect.objectContaining({ id: stored.id, delivery: 'sent' })]);
    expect(useMessagesStore.getState().conversations[0].lastMessage).toEqual(stored);
    expect(useNotificationsStore.getState().items.length).toBe(before + 1);
    expect(useNotificationsStore.getState().items[0]).toMatchObject({
      type: 'message',
      message: 'You sent a message',
      ownMessage: true,
      user: { name: 'Them' },
    });
  });

  it('keeps a refused message as failed, toasts, and retries it with the same client id', async () => {
    api.sendMessage.mockRejectedValueOnce(new ApiError('You cannot message this user', 403));
    await expect(useMessagesStore.getState().send(partner, null, 'hi')).resolves.toBeNull();
    const key = draftKey(partner.id);
    const failed = useMessagesStore.getState().threads[key].messages[0];
    expect(failed.delivery).toBe('failed');
    expect(notify.error).toHaveBeenCalledWith('Failed to send message', 'You cannot message this user');

    const stored = message({
      senderId: me.id,
      receiverId: partner.id,
      content: 'hi',
      clientId: failed.clientId,
    });
    api.sendMessage.mockResolvedValueOnce({ message: stored, conversationId: 'c9' });
    api.fetchConversations.mockResolvedValueOnce([conversation('c9', { lastMessage: stored })]);
    await expect(useMessagesStore.getState().retry(partner, key, failed.clientId!)).resolves.toBe('c9');
    expect(api.sendMessage).toHaveBeenLastCalledWith(expect.objectContaining({ clientId: failed.clientId }));
    // The draft became the new conversation's thread, and the list was refetched.
    const state = useMessagesStore.getState();
    expect(state.threads[key]).toBeUndefined();
    expect(state.threads.c9.messages).toEqual([expect.objectContaining({ id: stored.id, delivery: 'sent' })]);
    expect(state.conversations.map((c) => c.id)).toEqual(['c9']);
  });
});

describe('live events', () => {
  it('counts an incoming message as unread and moves its conversation to the top', () => {
    useMessagesStore.setState({ conversations: [conversation('c2'), conversation('c1')] });
    const incoming = message({ conversationId: 'c1' });
    live.play('message:new', { message: incoming, conversationId: 'c1' });
    const [top, second] = useMessagesStore.getState().conversations;
    expect(top).toMatchObject({ id: 'c1', unreadCount: 1, lastMessage: incoming });
    expect(second.id).toBe('c2');
    expect(api.markConversationRead).not.toHaveBeenCalled();
  });

  it('reads a message at once when its conversation is on screen', () => {
    useMessagesStore.setState({
      conversations: [conversation('c1')],
      activeConversationId: 'c1',
      threads: { c1: { messages: [], status: 'ready', hasOlder: false, loadingOlder: false } },
    });
    live.play('message:new', { message: message(), conversationId: 'c1' });
    expect(useMessagesStore.getState().conversations[0].unreadCount).toBe(0);
    expect(useMessagesStore.getState().threads.c1.messages).toHaveLength(1);
    expect(api.markConversationRead).toHaveBeenCalledWith('c1');
  });

  it('refetches the list when a message belongs to a conversation it does not know', () => {
    live.play('message:new', { message: message({ conversationId: 'new' }), conversationId: 'new' });
    expect(api.fetchConversations).toHaveBeenCalled();
  });

  it('marks own messages read on a read receipt, and clears the count when we read elsewhere', () => {
    const own = { ...message({ senderId: me.id, receiverId: partner.id }), delivery: 'sent' as const };
    useMessagesStore.setState({
      conversations: [conversation('c1', { unreadCount: 2, lastMessage: own })],
      threads: { c1: { messages: [own], status: 'ready', hasOlder: false, loadingOlder: false } },
    });
    live.play('message:read', {
      conversationId: 'c1',
      readerId: partner.id,
      readAt: new Date().toISOString(),
    });
    let state = useMessagesStore.getState();
    expect(state.threads.c1.messages[0].isRead).toBe(true);
    expect(state.conversations[0].lastMessage!.isRead).toBe(true);
    expect(state.conversations[0].unreadCount).toBe(2);

    live.play('message:read', { conversationId: 'c1', readerId: me.id, readAt: new Date().toISOString() });
    state = useMessagesStore.getState();
    expect(state.conversations[0].unreadCount).toBe(0);
  });

  it('keeps a read receipt that arrives before the reply to our own send', async () => {
    let resolveSend!: (reply: { message: DirectMessage; conversationId: string }) => void;
    api.sendMessage.mockReturnValue(new Promise((resolve) => (resolveSend = resolve)));
    useMessagesStore.setState({
      threads: { c1: { messages: [], status: 'ready', hasOlder: false, loadingOlder: false } },
    });
    const sending = useMessagesStore.getState().send(partner, 'c1', 'Read me');
    const { clientId } = useMessagesStore.getState().threads.c1.messages[0];
    const stored = message({ senderId: me.id, receiverId: partner.id, content: 'Read me', clientId });
    // The partner saw message:new and read it before our HTTP reply came back.
    live.play('message:read', { conversationId: 'c1', readerId: partner.id, readAt: stored.createdAt });
    resolveSend({ message: stored, conversationId: 'c1' });
    await sending;
    expect(useMessagesStore.getState().threads.c1.messages).toEqual([
      expect.objectContaining({ id: stored.id, delivery: 'sent', isRead: true }),
    ]);
  });

  it('shows typing until the other side stops, and stops on their message', () => {
    live.play('typing', { conversationId: 'c1', userId: partner.id, isTyping: true });
    expect(useMessagesStore.getState().typing[partner.id]).toBeGreaterThan(Date.now());
    live.play('message:new', { message: message(), conversationId: 'c1' });
    expect(useMessagesStore.getState().typing[partner.id]).toBeUndefined();
  });

  it('emits typing once while typing goes on, and "stopped" on send', async () => {
    api.sendMessage.mockResolvedValue({ message: message({ senderId: me.id }), conversationId: 'c1' });
    useMessagesStore.getState().typingInput(partner.id, 'c1');
    useMessagesStore.getState().typingInput(partner.id, 'c1');
    expect(live.emitted).toHaveBeenCalledTimes(1);
    expect(live.emitted).toHaveBeenCalledWith('typing', {
      receiverId: partner.id,
      conversationId: 'c1',
      isTyping: true,
    });
    await useMessagesStore.getState().send(partner, 'c1', 'done');
    expect(live.emitted).toHaveBeenLastCalledWith('typing', {
      receiverId: partner.id,
      conversationId: 'c1',
      isTyping: false,
    });
  });
});

describe('reconnect', () => {
  it('refetches the list and merges the open conversation’s latest page without duplicates', async () => {
    const known = message();
    const missed = message({ content: 'sent while offline' });
    useMessagesStore.setState({
      conversationsStatus: 'ready',
      conversations: [conversation('c1')],
      activeConversationId: 'c1',
      threads: {
        c1: {
          messages: [{ ...known, delivery: 'sent' }],
          status: 'ready',
          hasOlder: false,
          loadingOlder: false,
        },
      },
    });
    api.fetchMessages.mockResolvedValue([known, missed]);
    live.reconnect();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.fetchConversations).toHaveBeenCalled();
    expect(api.fetchMessages).toHaveBeenCalledWith('c1', expect.any(Number));
    expect(useMessagesStore.getState().threads.c1.messages.map((m) => m.content)).toEqual([
      'hello',
      'sent while offline',
    ]);
  });
});

describe('threads', () => {
  it('opens a conversation once, clears its unread count, and loads older pages before it', async () => {
    useMessagesStore.setState({ conversations: [conversation('c1', { unreadCount: 3 })] });
    const latest = Array.from({ length: MESSAGES_PAGE_SIZE }, () => message());
    api.fetchMessages.mockResolvedValueOnce(latest);
    await useMessagesStore.getState().openConversation('c1');
    await useMessagesStore.getState().openConversation('c1');
    expect(api.fetchMessages).toHaveBeenCalledTimes(1);
    let state = useMessagesStore.getState();
    expect(state.conversations[0].unreadCount).toBe(0);
    expect(state.threads.c1).toMatchObject({ status: 'ready', hasOlder: true });

    const older = message({ createdAt: '2026-01-01T00:00:00.000Z', content: 'older' });
    api.fetchMessages.mockResolvedValueOnce([older]);
    await useMessagesStore.getState().loadOlder('c1');
    expect(api.fetchMessages).toHaveBeenLastCalledWith('c1', MESSAGES_PAGE_SIZE, {
      before: latest[0].createdAt,
      beforeId: latest[0].id,
    });
    state = useMessagesStore.getState();
    expect(state.threads.c1.messages[0].content).toBe('older');
    expect(state.threads.c1.messages).toHaveLength(MESSAGES_PAGE_SIZE + 1);
    expect(state.threads.c1.hasOlder).toBe(false);
  });

  it('discards a failed message and nothing else', async () => {
    api.sendMessage.mockRejectedValue(new ApiError('Failed', 500));
    await useMessagesStore.getState().send(partner, 'c1', 'first');
    await useMessagesStore.getState().send(partner, 'c1', 'second');
    const [first] = useMessagesStore.getState().threads.c1.messages;
    useMessagesStore.getState().discard('c1', first.clientId!);
    expect(useMessagesStore.getState().threads.c1.messages.map((m) => m.content)).toEqual(['second']);
  });
});

describe('a change of user', () => {
  it('drops replies that arrive for the previous user and forgets their read receipts', async () => {
    let resolveSend!: (reply: { message: DirectMessage; conversationId: string }) => void;
    api.sendMessage.mockReturnValue(new Promise((resolve) => (resolveSend = resolve)));
    let resolveList!: (conversations: Conversation[]) => void;
    api.fetchConversations.mockReturnValue(new Promise((resolve) => (resolveList = resolve)));
    const sending = useMessagesStore.getState().send(partner, 'c1', 'bye');
    const loading = useMessagesStore.getState().loadConversations();
    live.play('message:read', {
      conversationId: 'c1',
      readerId: partner.id,
      readAt: new Date().toISOString(),
    });
    expect(useMessagesStore.getState().partnerReadAt).toHaveProperty('c1');

    useSessionStore.setState({ user: { ...me, id: 'someone-else' } });
    resolveSend({ message: message({ senderId: me.id, receiverId: partner.id }), conversationId: 'c1' });
    resolveList([conversation('c1')]);
    await expect(sending).resolves.toBeNull();
    await loading;

    const state = useMessagesStore.getState();
    expect(state).toMatchObject({ threads: {}, conversations: [], partnerReadAt: {} });
    expect(state.conversationsStatus).not.toBe('ready');
    // The next user's notifications get no "You sent a message" from the last one.
    expect(useNotificationsStore.getState().items.filter((n) => n.type === 'message')).toEqual([]);
  });
});

describe('typing', () => {
  afterEach(() => jest.useRealTimers());

  it('hides the indicator when the other side goes quiet, and says "stopped" after idling', () => {
    jest.useFakeTimers();
    live.play('typing', { conversationId: 'c1', userId: partner.id, isTyping: true });
    jest.advanceTimersByTime(5000);
    expect(useMessagesStore.getState().typing).toHaveProperty(partner.id);
    jest.advanceTimersByTime(1000);
    expect(useMessagesStore.getState().typing).toEqual({});

    useMessagesStore.getState().typingInput(partner.id, 'c1');
    expect(live.emitted).toHaveBeenLastCalledWith('typing', expect.objectContaining({ isTyping: true }));
    jest.advanceTimersByTime(3000);
    expect(live.emitted).toHaveBeenLastCalledWith('typing', {
      receiverId: partner.id,
      conversationId: 'c1',
      isTyping: false,
    });
  });

  it('forgets indicators on a change of user', () => {
    live.play('typing', { conversationId: 'c1', userId: partner.id, isTyping: true });
    useMessagesStore.getState().reset();
    expect(useMessagesStore.getState().typing).toEqual({});
  });
});

describe('deleting a conversation', () => {
  it('drops it from the list and says so; a refused delete keeps it and says that', async () => {
    useMessagesStore.setState({ conversations: [conversation('c1'), conversation('c2')] });
    api.deleteConversation.mockResolvedValueOnce();
    await expect(useMessagesStore.getState().deleteConversation('c1')).resolves.toBe(true);
    expect(useMessagesStore.getState().conversations.map((c) => c.id)).toEqual(['c2']);
    expect(notify.success).toHaveBeenCalledWith('Conversation deleted successfully');

    api.deleteConversation.mockRejectedValueOnce(new ApiError('Conversation not found', 404));
    await expect(useMessagesStore.getState().deleteConversation('c2')).resolves.toBe(false);
    expect(useMessagesStore.getState().conversations.map((c) => c.id)).toEqual(['c2']);
    expect(notify.error).toHaveBeenCalledWith('Failed to delete conversation');
  });
});

describe('the conversation list', () => {
  it('keeps the newest list when an older reply comes in late, and still opens a thread asked meanwhile', async () => {
    const older = heldReply<Conversation[]>();
    const page = heldReply<DirectMessage[]>();
    api.fetchConversations.mockReturnValueOnce(older.promise).mockResolvedValueOnce([conversation('c2')]);
    api.fetchMessages.mockReturnValueOnce(page.promise);
    const slow = useMessagesStore.getState().loadConversations();
    const opening = useMessagesStore.getState().openConversation('c1');
    await useMessagesStore.getState().loadConversations();

    older.give([conversation('c1')]);
    page.give([message({ content: 'still here' })]);
    await Promise.all([slow, opening]);

    const state = useMessagesStore.getState();
    expect(state.conversations.map((c) => c.id)).toEqual(['c2']);
    expect(state.threads.c1?.messages.map((m) => m.content)).toEqual(['still here']);
  });
});
