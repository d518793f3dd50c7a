import { randomUUID } from 'node:crypto';
import type { Conversation, DirectMessage, FencerProfile, PostComment } from '@piste/contracts';
import { makePng } from './media-fixtures';
import {
  connectUsers,
  makePost,
  uniqueName,
  useTestApp,
  waitFor,
  type Reply,
  type TestUser,
} from './helpers';
import {
  ClientAt,
  expectLimitedAfter,
  expectTooMany,
  LIMITS,
  limitedAppEnv,
  limitedAppEnvWithoutBursts,
  logIn,
  newIp,
  register,
  signUp,
  type BurstLimit,
} from './limits';
import { barrier, disconnection, emitHandled, record, useSockets } from './sockets';

describe('abuse limits', () => {
  const t = useTestApp(limitedAppEnv());

  describe('login', () => {
    it('refuses 30 wrong passwords for one username from one address, but not the real user elsewhere', async () => {
      const victim = await signUp(t);
      const attacker = newIp();
      const statuses: number[] = [];
      let refused: Reply | undefined;
      for (let i = 0; i < 30 && !refused; i++) {
        const res = await logIn(t, attacker, victim.user.username, `guess-${i}`);
        statuses.push(res.status);
        if (res.status === 429) refused = res;
      }
      expect(statuses.slice(0, LIMITS['login-pair'].points)).toEqual(
        Array(LIMITS['login-pair'].points).fill(401),
      );
      expect(statuses.length).toBeLessThan(30);
      expectTooMany(refused!);
      // The right password from the attacker's address is refused too: the pair is closed, not the account.
      expectTooMany(await logIn(t, attacker, victim.user.username, victim.password));

      const home = await logIn(t, newIp(), victim.user.username, victim.password);
      expect(home).toMatchObject({ status: 200, body: { id: victim.user.id } });
    });

    it('refuses one address that tries 30 different usernames', async () => {
      const ip = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push((await logIn(t, ip, uniqueName('nobody'), 'secret123')).status);
      }
      const allowed = LIMITS['login-ip'].points;
      expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(401));
      expect(statuses.slice(allowed)).toEqual(Array(30 - allowed).fill(429));
      // A user at another address is unaffected.
      const other = await signUp(t);
      await expect(logIn(t, newIp(), other.user.username, other.password)).resolves.toMatchObject({
        status: 200,
      });
    });

    it('forgets the wrong passwords of a username and address once it signs in', async () => {
      const user = await signUp(t);
      const ip = newIp();
      const almost = LIMITS['login-pair'].points - 1;
      const wrong = async (n: number) => {
        const statuses: number[] = [];
        for (let i = 0; i < n; i++) statuses.push((await logIn(t, ip, user.user.username, 'not-it')).status);
        return statuses;
      };
      await expect(wrong(almost)).resolves.toEqual(Array(almost).fill(401));
      await expect(logIn(t, ip, user.user.username, user.password)).resolves.toMatchObject({ status: 200 });
      await expect(wrong(almost + 1)).resolves.toEqual(Array(almost + 1).fill(401));
      expectTooMany(await logIn(t, ip, user.user.username, 'not-it'));
    });

    it('slows a guess spread over many addresses, never the user at an address they signed in from', async () => {
      const user = await signUp(t);
      const home = newIp();
      await expect(logIn(t, home, user.user.username, user.password)).resolves.toMatchObject({ status: 200 });

      const perAddress = LIMITS['login-pair'].points;
      let failures = 0;
      while (failures < LIMITS['login-username'].points) {
        const ip = newIp();
        for (let i = 0; i < perAddress && failures < LIMITS['login-username'].points; i++, failures++) {
          const res = await logIn(t, ip, user.user.username.toUpperCase(), `guess-${failures}`);
          expect(res.status).toBe(401);
        }
      }
      // The ceiling is reached: a new address waits, the user's own address signs in.
      expectTooMany(await logIn(t, newIp(), user.user.username, 'guess-more'));
      await expect(logIn(t, home, user.user.username, user.password)).resolves.toMatchObject({ status: 200 });
    });
  });

  it('limits registrations per address', async () => {
    const ip = newIp();
    await expectLimitedAfter(LIMITS.register.points, () => register(new ClientAt(t.url, ip)));
    await expect(register(new ClientAt(t.url, newIp()))).resolves.toMatchObject({ status: 201 });
  });

  describe('per user over minutes, with the burst limits out of the way', () => {
    const noBursts = useTestApp(limitedAppEnvWithoutBursts());

    it('limits posts', async () => {
      const [author, other] = await Promise.all([signUp(noBursts), signUp(noBursts)]);
      const post = (u: TestUser) =>
        u.client.post('/api/posts', { content: 'Lunge!', type: 'general', weapon: 'epee' });
      const statuses = await expectLimitedAfter(LIMITS.posts.points, () => post(author));
      expect(new Set(statuses)).toEqual(new Set([201]));
      await expect(post(other)).resolves.toMatchObject({ status: 201 });
    });

    it('limits comments', async () => {
      const [author, reader, other] = await Promise.all([
        signUp(noBursts),
        signUp(noBursts),
        signUp(noBursts),
      ]);
      const { id: postId } = await makePost(author);
      const comment = (u: TestUser) => u.client.post('/api/comments', { postId, content: 'Nice touch' });
      const statuses = await expectLimitedAfter(LIMITS.comments.points, () => comment(reader));
      expect(new Set(statuses)).toEqual(new Set([201]));
      await expect(comment(other)).resolves.toMatchObject({ status: 201 });
    });

    it('limits messages', async () => {
      const [a, b] = await Promise.all([signUp(noBursts), signUp(noBursts)]);
      await connectUsers(noBursts, a, b);
      const send = (from: TestUser, to: TestUser) =>
        from.client.post('/api/messages', { receiverId: to.user.id, content: 'En garde' });
      const statuses = await expectLimitedAfter(LIMITS.messages.points, () => send(a, b));
      expect(new Set(statuses)).toEqual(new Set([201]));
      await expect(send(b, a)).resolves.toMatchObject({ status: 201 });
    });
  });

  describe('bursts per user', () => {
    /** One user ready to send: the call, and how many of them are stored. */
    interface Sender {
      send: () => Promise<Reply>;
      stored: () => Promise<number>;
    }
    interface Burst {
      limit: BurstLimit;
      /** A person at their quickest, or quicker: `calls` calls, one every `paceMs`, more than the allowance. */
      person: string;
      paceMs: number;
      calls: number;
      ready: (sender: TestUser) => Promise<Sender>;
    }
    const bursts: Burst[] = [
      {
        limit: 'posts-burst',
        person: 'an author posting one line every 4 seconds',
        paceMs: 4000,
        calls: 3,
        ready: (author) =>
          Promise.resolve({
            send: () =>
              author.client.post('/api/posts', { content: 'Lunge!', type: 'general', weapon: 'epee' }),
            stored: async () => {
              const page = await author.client.get<FencerProfile>(`/api/profiles/${author.user.username}`);
              return page.body.profile.postsCount;
            },
          }),
      },
      {
        limit: 'comments-burst',
        person: 'a reader commenting a word every 2 seconds',
        paceMs: 2000,
        calls: 5,
        ready: async (reader) => {
          const { id: postId } = await makePost(await signUp(t));
          return {
            send: () => reader.client.post('/api/comments', { postId, content: 'Nice touch' }),
            stored: async () =>
              (await reader.client.get<PostComment[]>(`/api/comments?postId=${postId}`)).body.length,
          };
        },
      },
      {
        limit: 'messages-burst',
        person: 'a typist sending a short message every 0.6 seconds',
        paceMs: 600,
        calls: 12,
        ready: async (sender) => {
          const receiver = await signUp(t);
          await connectUsers(t, sender, receiver);
          return {
            send: () =>
              sender.client.post('/api/messages', { receiverId: receiver.user.id, content: 'En garde' }),
            stored: async () => {
              const [conversation] = (await sender.client.get<Conversation[]>('/api/conversations')).body;
              if (!conversation) return 0;
              const path = `/api/messages?conversationId=${conversation.id}&limit=100`;
              return (await sender.client.get<DirectMessage[]>(path)).body.length;
            },
          };
        },
      },
    ];

    it.each(bursts)(
      '$limit: refuses a script sending 100 at once past its allowance, not another user',
      async ({ limit, ready }) => {
        const [scripted, other] = await Promise.all([signUp(t), signUp(t)]);
        const script = await ready(scripted);
        // All at once: the allowance is used up by the first replies, whatever the machine's speed.
        const replies = await Promise.all(
          Array.from({ length: 100 }, async () => ({ reply: await script.send() })),
        );
        const refused = replies.filter(({ reply }) => reply.status === 429);
        for (const { reply } of refused) expectTooMany(reply);
        // The count is taken before the work: exactly the allowance gets through, however parallel the script.
        const allowed = LIMITS[limit].points;
        expect(replies.map(({ reply }) => reply.status).filter((status) => status !== 429)).toEqual(
          Array(allowed).fill(201),
        );
        await expect(script.stored()).resolves.toBe(allowed);

        await expect((await ready(other)).send()).resolves.toMatchObject({ status: 201 });
      },
    );

    it('allows more in each window than a person at their quickest can send in it', () => {
      const room = bursts.map(({ limit, paceMs }) => {
        const { points, windowSeconds } = LIMITS[limit];
        return { limit, roomy: points > Math.floor((windowSeconds * 1000) / paceMs) + 1 };
      });
      expect(room).toEqual(bursts.map(({ limit }) => ({ limit, roomy: true })));
    });

    // Paced by design: several seconds of waiting.
    it('never refuses people sending at their quickest', async () => {
      const people = await Promise.all(
        bursts.map(async (burst) => ({ ...burst, sender: await burst.ready(await signUp(t)) })),
      );
      const statuses = await Promise.all(
        people.map(async ({ sender, paceMs, calls }) => {
          const seen: number[] = [];
          for (let i = 0; i < calls; i++) {
            if (i > 0) await waitFor(paceMs);
            seen.push((await sender.send()).status);
          }
          return seen;
        }),
      );
      expect(Object.fromEntries(people.map(({ person }, i) => [person, statuses[i]]))).toEqual(
        Object.fromEntries(people.map(({ person, calls }) => [person, Array(calls).fill(201)])),
      );
    }, 60_000);
  });

  describe('per user', () => {
    it('limits reports', async () => {
      const [author, reporter, other] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
      const { id: postId } = await makePost(author);
      const report = (u: TestUser) => u.client.post('/api/reports', { postId, reason: 'Spam' });
      await expectLimitedAfter(LIMITS.reports.points, () => report(reporter));
      await expect(report(other)).resolves.toMatchObject({ status: 201 });
    });

    it('limits connection requests', async () => {
      const [sender, receiver, other] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
      const ask = (u: TestUser) => u.client.post('/api/friend-requests', { receiverId: receiver.user.id });
      await expectLimitedAfter(LIMITS['friend-requests'].points, () => ask(sender));
      await expect(ask(other)).resolves.toMatchObject({ status: 201 });
    });

    it('limits upload tickets', async () => {
      const [uploader, other] = await Promise.all([signUp(t), signUp(t)]);
      const png = makePng(2, 2);
      // Each ticket is used at once: apart from this limit, a user may hold only a few unused ones.
      const upload = async (u: TestUser) => {
        const res = await u.client.post<{ uploadUrl: string }>('/api/objects/upload', {
          filename: 'touch.png',
          contentType: 'image/png',
          size: png.length,
          purpose: 'post',
        });
        if (res.status === 201) {
          const put = await u.client.request('PUT', res.body.uploadUrl, new Uint8Array(png), {
            'content-type': 'image/png',
          });
          expect(put.status).toBe(200);
        }
        return res;
      };
      const statuses = await expectLimitedAfter(LIMITS['upload-tickets'].points, () => upload(uploader));
      expect(new Set(statuses)).toEqual(new Set([201]));
      await expect(upload(other)).resolves.toMatchObject({ status: 201 });
    });
  });

  describe('socket events', () => {
    const open = useSockets(t);
    it('relays a burst of typing only up to the limit, and keeps the socket', async () => {
      const [a, b] = await Promise.all([signUp(t), signUp(t)]);
      await connectUsers(t, a, b);
      const [aSocket, bSocket] = await Promise.all([open(a), open(b)]);
      const relayed = record(bSocket, 'typing');
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          emitHandled(aSocket, 'typing', {
            receiverId: b.user.id,
            conversationId: null,
            isTyping: i % 2 === 0,
          }),
        ),
      );
      await barrier(bSocket);
      expect(relayed.length).toBeGreaterThan(0);
      expect(relayed.length).toBeLessThanOrEqual(LIMITS['socket-typing'].points);
      expect(aSocket.connected).toBe(true);
    });

    it('disconnects a socket that floods feed:watch', async () => {
      const user = await signUp(t);
      const socket = await open(user);
      const gone = disconnection(socket, 3000);
      for (let i = 0; i < 1000; i++) socket.emit('feed:watch', { weapon: 'epee' });
      await expect(gone).resolves.toBe('io server disconnect');
    });

    it('disconnects a socket that floods posts:watch', async () => {
      const user = await signUp(t);
      const socket = await open(user);
      const gone = disconnection(socket, 3000);
      for (let i = 0; i < 1000; i++) socket.emit('posts:watch', { postIds: [randomUUID()] });
      await expect(gone).resolves.toBe('io server disconnect');
    });

    it('disconnects a socket that sends an oversized payload', async () => {
      const user = await signUp(t);
      const socket = await open(user);
      const gone = disconnection(socket, 3000);
      socket.emit('typing', { receiverId: 'x'.repeat(16 * 1024), conversationId: null, isTyping: true });
      await expect(gone).resolves.toEqual(expect.any(String));
    });
  });
});
