import type { FeedPost } from '@piste/contracts';
import { ApiClient, makeUser, uniqueName, type TestUser } from '../helpers';
import { befriend, ClusterStack, describeCluster, type Replica, type SocketRecorder } from './harness';

/** Asks until the replica refuses the session (401), and says how long that took. */
async function refusedWithin(client: ApiClient, deadlineMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await client.get('/api/user');
    if (res.status === 401) return Date.now() - started;
    expect(res.status).toBe(200);
    if (Date.now() - started > deadlineMs) throw new Error(`still signed in after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeCluster(
  'two replicas behind Redis: sessions and live events cross replicas',
  ['redis', 'postgres'],
  () => {
    const stack = new ClusterStack();
    let a: Replica;
    let b: Replica;

    beforeAll(async () => {
      const [postgres, redis] = await Promise.all([stack.postgres(), stack.redis()]);
      const env = { DATABASE_URL: postgres.url(), REDIS_URL: redis.url };
      [a, b] = await stack.twoReplicas(env);
    });
    afterAll(() => stack.cleanup());

    /** A user who signed up through `replica` (its client talks to that replica). */
    const userOn = (replica: Replica) => makeUser(replica.url);

    it('accepts a session cookie issued by A on B', async () => {
      const fencer = await userOn(a);
      const onB = await fencer.client.on(b.url).get('/api/current-user');
      expect(onB.status).toBe(200);
      expect(onB.body).toMatchObject({ id: fencer.user.id, username: fencer.user.username });
    });

    it('refuses a session signed out on A on B, which had kept it, within a moment', async () => {
      const fencer = await makeUser(a.url);
      const onB = fencer.client.on(b.url);
      // B reads the session twice: the second time from what it kept.
      expect((await onB.get('/api/user')).status).toBe(200);
      expect((await onB.get('/api/user')).status).toBe(200);
      expect((await fencer.client.post('/api/logout')).status).toBe(200);
      // Without word from A, B would keep it for a minute.
      expect(await refusedWithin(onB, 10_000)).toBeLessThan(1_000);
    });

    it('signs out every other browser on every replica when asked on one', async () => {
      const phone = await makeUser(a.url);
      const laptop = new ApiClient(b.url);
      const signedIn = await laptop.post('/api/login', {
        username: phone.user.username,
        password: phone.password,
      });
      expect(signedIn.status).toBe(200);
      expect((await laptop.get('/api/user')).status).toBe(200);
      expect((await laptop.on(a.url).get('/api/user')).status).toBe(200);
      const revoked = await phone.client.post('/api/account/sessions/revoke-others');
      expect(revoked.status).toBe(200);
      expect(await refusedWithin(laptop, 10_000)).toBeLessThan(1_000);
      expect((await phone.client.on(b.url).get('/api/user')).status).toBe(200);
    });

    /** `from` messages `to` through its own replica; `toSocket`, on the other replica, receives it. */
    async function sendAcross(from: TestUser, to: TestUser, toSocket: SocketRecorder, content: string) {
      const sent = await from.client.post('/api/messages', { receiverId: to.user.id, content });
      expect(sent.status).toBe(201);
      const id: string = sent.body.message.id;
      await expect(toSocket.waitFor('message:new', (p) => p.message?.id === id)).resolves.toMatchObject({
        payload: { message: { content, senderId: from.user.id } },
      });
      return id;
    }

    it('delivers a direct message sent through one replica to sockets on the other, both ways', async () => {
      const alice = await userOn(a);
      const bruno = await userOn(b);
      await befriend(alice, bruno);
      const aliceOnA = await stack.socket(a.url, alice.client, 'alice@A');
      const brunoOnB = await stack.socket(b.url, bruno.client, 'bruno@B');

      const firstId = await sendAcross(alice, bruno, brunoOnB, 'Bout at six?');
      await expect(aliceOnA.waitFor('message:new', (p) => p.message?.id === firstId)).resolves.toBeDefined();
      await sendAcross(bruno, alice, aliceOnA, 'See you there');
    });

    it('notifies a post’s author on B when someone likes it through A', async () => {
      const author = await userOn(b);
      const fan = await userOn(a);
      const authorOnB = await stack.socket(b.url, author.client, 'author@B');
      const created = await author.client.post<FeedPost>('/api/posts', {
        content: `Footwork drill ${uniqueName('p')}`,
        type: 'general',
        weapon: 'foil',
      });
      expect(created.status).toBe(201);

      const liked = await fan.client.post('/api/likes', { postId: created.body.id });
      expect(liked.status).toBe(201);
      const notification = await authorOnB.waitFor('notification', (p) => p.postId === created.body.id);
      expect(notification.payload).toMatchObject({ postId: created.body.id, user: { id: fan.user.id } });
    });

    it('carries connection requests and their acceptance live between replicas', async () => {
      const sender: TestUser = await userOn(a);
      const receiver: TestUser = await userOn(b);
      const senderOnA = await stack.socket(a.url, sender.client, 'sender@A');
      const receiverOnB = await stack.socket(b.url, receiver.client, 'receiver@B');

      const request = await sender.client.post('/api/friend-requests', { receiverId: receiver.user.id });
      expect(request.status).toBe(201);
      const requestId: string = request.body.id;
      await expect(
        receiverOnB.waitFor('friend-request:new', (p) => p.request?.id === requestId),
      ).resolves.toMatchObject({ payload: { request: { senderId: sender.user.id, status: 'pending' } } });

      const accepted = await receiver.client.put(`/api/friend-requests/${requestId}`, { status: 'accepted' });
      expect(accepted.status).toBe(200);
      await expect(
        senderOnA.waitFor('friend-request:updated', (p) => p.request?.id === requestId),
      ).resolves.toMatchObject({ payload: { request: { status: 'accepted' } } });
    });
  },
);
