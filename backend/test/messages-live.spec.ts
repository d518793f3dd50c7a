import { randomUUID } from 'node:crypto';
import { describeWithRedis, makeUser, nextEvent, useTestApp } from './helpers';
import { connectedPair, send, sendOk } from './messaging';
import { barrier, emitHandled, record, useSockets } from './sockets';

describe('direct messages: live events', () => {
  const t = useTestApp();
  const socketOf = useSockets(t);

  it("sends message:new to the receiver and the sender's other tabs, and a notification to the receiver", async () => {
    const [a, b] = await connectedPair(t);
    const stranger = await makeUser(t);
    const [bSocket, aOtherTab, strangerSocket] = await Promise.all([
      socketOf(b),
      socketOf(a),
      socketOf(stranger),
    ]);
    const atStranger = record(strangerSocket, 'message:new');

    const atReceiver = nextEvent(bSocket, 'message:new');
    const atSenderTab = nextEvent(aOtherTab, 'message:new');
    const notification = nextEvent(bSocket, 'notification');
    const senderNotified = record(aOtherTab, 'notification');

    const sent = await sendOk(a, b, 'live!');
    await expect(atReceiver).resolves.toEqual(sent);
    await expect(atSenderTab).resolves.toEqual(sent);
    await expect(notification).resolves.toEqual({
      type: 'message',
      message: `${a.user.name} sent you a message`,
      user: { id: a.user.id, name: a.user.name, avatar: a.user.avatar },
      conversationId: sent.conversationId,
      id: expect.any(String),
      createdAt: expect.any(String),
      unread: true,
    });
    await barrier(strangerSocket, aOtherTab);
    expect(atStranger).toEqual([]);
    expect(senderNotified).toEqual([]);
  });

  it('publishes nothing for a refused or replayed send', async () => {
    const [a, b] = await connectedPair(t);
    const stranger = await makeUser(t);
    const bSocket = await socketOf(b);
    const strangerSocket = await socketOf(stranger);
    const atReceiver = record(bSocket, 'message:new');
    const atStranger = record(strangerSocket, 'message:new');
    const clientId = randomUUID();
    const first = nextEvent(bSocket, 'message:new');
    await send(a, b, 'once', { clientId });
    await first;
    await send(a, b, 'once', { clientId });
    await send(a, stranger, 'not connected');
    await barrier(bSocket, strangerSocket);
    expect(atReceiver).toHaveLength(1);
    expect(atStranger).toEqual([]);
  });

  it('relays typing only between connected users', async () => {
    const [a, b] = await connectedPair(t);
    const stranger = await makeUser(t);
    const [aSocket, bSocket, strangerSocket] = await Promise.all([
      socketOf(a),
      socketOf(b),
      socketOf(stranger),
    ]);
    const conversationId = randomUUID();

    const typing = nextEvent(bSocket, 'typing');
    aSocket.emit('typing', { receiverId: b.user.id, conversationId, isTyping: true });
    await expect(typing).resolves.toEqual({ conversationId, userId: a.user.id, isTyping: true });

    // Once the server has handled a message, what it relayed is on its way before the barrier's answer.
    const strangerSaw = record(strangerSocket, 'typing');
    await emitHandled(aSocket, 'typing', {
      receiverId: stranger.user.id,
      conversationId: null,
      isTyping: true,
    });
    // Garbage is ignored, not fatal.
    await emitHandled(aSocket, 'typing', { receiverId: 'nope', isTyping: 'yes' } as never);
    await barrier(strangerSocket);
    expect(strangerSaw).toEqual([]);
    expect(aSocket.connected).toBe(true);

    // Blocked: no relay either.
    await b.client.post('/api/block-user', { blockedId: a.user.id });
    const bSaw = record(bSocket, 'typing');
    await emitHandled(aSocket, 'typing', { receiverId: b.user.id, conversationId, isTyping: false });
    await barrier(bSocket);
    expect(bSaw).toEqual([]);
  });

  // Nested so that `t` stays open: it is instance A (passport's serializer is process-wide).
  describeWithRedis('across two instances', () => {
    const other = useTestApp();

    it('delivers message:new to the receiver connected to the other instance', async () => {
      const [alice, bob] = await connectedPair(t);
      const bobOnB = await socketOf(bob, { url: other.url });
      const received = nextEvent(bobOnB, 'message:new');
      const notified = nextEvent(bobOnB, 'notification');
      const sent = await sendOk(alice, bob, 'hi from A');
      await expect(received).resolves.toEqual(sent);
      await expect(notified).resolves.toMatchObject({ type: 'message' });
    });
  });
});
