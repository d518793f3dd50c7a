import type { Ban } from '@piste/contracts';
import { Clock } from '../src/common/clock';
import { describeWithRedis, makeAdmin, makeUser, nextEvent, useTestApp } from './helpers';
import { useBans } from './bans';
import { barrier, emitHandled, record, useSockets } from './sockets';

describe('temporary bans: live', () => {
  const { t, ban, makeScene } = useBans();
  const socketOf = useSockets(t);

  it('typing from a banned user is not relayed; it is again once the ban ends', async () => {
    const s = await makeScene();
    const actorSocket = await socketOf(s.actor);
    const friendSocket = await socketOf(s.friend);
    const typing = { receiverId: s.friend.user.id, conversationId: null, isTyping: true };
    const before = nextEvent(friendSocket, 'typing');
    actorSocket.emit('typing', typing);
    await expect(before).resolves.toEqual({
      conversationId: null,
      userId: s.actor.user.id,
      isTyping: true,
    });

    const issued = await ban(s.actor.user.id, 1);
    const relayed = record(friendSocket, 'typing');
    // Handled by the server, then a round trip to the friend: anything relayed would have arrived first.
    await emitHandled(actorSocket, 'typing', typing);
    await emitHandled(actorSocket, 'typing', { ...typing, isTyping: false });
    await barrier(friendSocket);
    expect(relayed).toEqual([]);

    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.parse(issued.bannedUntil) + 1000));
    const again = await socketOf(s.actor);
    const after = nextEvent(friendSocket, 'typing');
    again.emit('typing', typing);
    await expect(after).resolves.toMatchObject({ userId: s.actor.user.id, isTyping: true });
  });

  describe('ban:new', () => {
    it("reaches the banned user's open sockets, and nobody else's", async () => {
      const banned = await makeUser(t);
      const bystander = await makeUser(t);
      const bannedTab1 = await socketOf(banned);
      const bannedTab2 = await socketOf(banned);
      const otherSocket = await socketOf(bystander);
      const atBystander = record(otherSocket, 'ban:new');
      const tab1 = nextEvent(bannedTab1, 'ban:new');
      const tab2 = nextEvent(bannedTab2, 'ban:new');
      const issued = await ban(banned.user.id, 24);
      await expect(tab1).resolves.toEqual({ ban: issued });
      await expect(tab2).resolves.toEqual({ ban: issued });
      await barrier(otherSocket);
      expect(atBystander).toEqual([]);
    });
  });
});

describeWithRedis('bans across replicas', () => {
  const a = useTestApp();
  const b = useTestApp();
  const socketOf = useSockets(b);

  it('a ban issued on instance A reaches the user on instance B and holds there', async () => {
    const admin = await makeAdmin(a);
    const banned = await makeUser(a);
    const socketOnB = await socketOf(banned);
    const received = nextEvent(socketOnB, 'ban:new');
    const res = await admin.client.post<Ban>('/api/bans', {
      userId: banned.user.id,
      reason: 'Spam',
      durationHours: 1,
    });
    await expect(received).resolves.toEqual({ ban: res.body });
    await expect(
      banned.client.on(b.url).post('/api/posts', { content: 'x', type: 'general', weapon: 'epee' }),
    ).resolves.toMatchObject({ status: 403 });
  });
});
