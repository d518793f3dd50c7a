import { randomUUID } from 'node:crypto';
import { userRoom } from '@piste/contracts';
import { RealtimePublisher } from '../src/publisher/realtime.publisher';
import { connectSocket, describeWithRedis, makeUser, nextEvent, startTestApp, type TestApp } from './helpers';

describe('realtime gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

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
    const aliceSocket = await connectSocket(t.url, alice.client);
    const bobSocket = await connectSocket(t.url, bob.client);
    try {
      let bobGotIt = false;
      bobSocket.on('notification', () => (bobGotIt = true));
      const received = nextEvent(aliceSocket, 'notification');
      t.app.get(RealtimePublisher).publish(userRoom(alice.user.id), 'notification', {
        id: randomUUID(),
        type: 'other',
        user: { name: 'Piste', avatar: null },
        message: 'hello',
        createdAt: new Date().toISOString(),
        unread: true,
      });
      await expect(received).resolves.toMatchObject({ message: 'hello' });
      expect(bobGotIt).toBe(false);
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  });
});

describeWithRedis('two instances behind Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestApp(), startTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('delivers an event published on instance A to the user socket on instance B', async () => {
    const alice = await makeUser(a);
    const socketOnB = await connectSocket(b.url, alice.client.on(b.url));
    try {
      const received = nextEvent(socketOnB, 'notification');
      a.app.get(RealtimePublisher).publish(userRoom(alice.user.id), 'notification', {
        id: randomUUID(),
        type: 'message',
        user: { name: 'Bob', avatar: null },
        message: 'across replicas',
        createdAt: new Date().toISOString(),
        unread: true,
      });
      await expect(received).resolves.toMatchObject({ message: 'across replicas' });
    } finally {
      socketOnB.close();
    }
  });
});
