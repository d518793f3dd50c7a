import { randomUUID } from 'node:crypto';
import { feedRoom, userRoom, type ClientToServerEvents, type ServerNotification } from '@piste/contracts';
import { RealtimePublisher } from '../src/publisher/realtime.publisher';
import { connectSocket, describeWithRedis, makeUser, nextEvent, useTestApp } from './helpers';
import { barrier, emitHandled, record, useSockets } from './sockets';

/** A notification as the server sends it, from `from`. */
function notice(type: ServerNotification['type'], from: string, message: string): ServerNotification {
  const user = { name: from, avatar: null };
  return { id: randomUUID(), type, user, message, createdAt: new Date().toISOString(), unread: true };
}

describe('realtime gateway', () => {
  const t = useTestApp();
  const socketOf = useSockets(t);

  it('refuses an anonymous socket', async () => {
    await expect(connectSocket(t.url)).rejects.toThrow('Not signed in');
  });

  it('refuses a socket with a forged or logged-out session', async () => {
    const { client } = await makeUser(t);
    const stale = client.cookie;
    await client.post('/api/logout');
    client.cookie = stale;
    await expect(connectSocket(t.url, client)).rejects.toThrow('Not signed in');
  });

  it("joins a signed-in socket to its user room and delivers the user's events only", async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const aliceSocket = await socketOf(alice);
    const bobSocket = await socketOf(bob);
    const atBob = record(bobSocket, 'notification');
    const received = nextEvent(aliceSocket, 'notification');
    t.app
      .get(RealtimePublisher)
      .publish(userRoom(alice.user.id), 'notification', notice('other', 'Piste', 'hello'));
    await expect(received).resolves.toMatchObject({ message: 'hello' });
    await barrier(bobSocket);
    expect(atBob).toEqual([]);
  });

  it('joins a feed only for a feed:watch payload that names a weapon', async () => {
    const socket = await socketOf(await makeUser(t));
    const deleted = record(socket, 'post:deleted');
    const malformed = [{ weapon: 'rapier' }, { weapon: 'EPEE' }, {}, 'epee', null];
    for (const payload of malformed) {
      await emitHandled(socket, 'feed:watch', payload as Parameters<ClientToServerEvents['feed:watch']>[0]);
    }
    const publisher = t.app.get(RealtimePublisher);
    publisher.publish(feedRoom('epee'), 'post:deleted', { postId: randomUUID(), weapon: 'epee' });
    await barrier(socket);
    expect(deleted).toEqual([]);

    await emitHandled(socket, 'feed:watch', { weapon: 'epee' });
    const postId = randomUUID();
    publisher.publish(feedRoom('epee'), 'post:deleted', { postId, weapon: 'epee' });
    await barrier(socket);
    expect(deleted).toEqual([{ postId, weapon: 'epee' }]);
  });
});

describeWithRedis('two instances behind Redis', () => {
  const a = useTestApp();
  const b = useTestApp();
  const socketOf = useSockets(b);

  it('delivers an event published on instance A to the user socket on instance B', async () => {
    const alice = await makeUser(a);
    const socketOnB = await socketOf(alice);
    const received = nextEvent(socketOnB, 'notification');
    a.app
      .get(RealtimePublisher)
      .publish(userRoom(alice.user.id), 'notification', notice('message', 'Bob', 'across replicas'));
    await expect(received).resolves.toMatchObject({ message: 'across replicas' });
  });
});
