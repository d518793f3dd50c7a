import type { SessionUser } from '@piste/contracts';
import { ApiClient, makeUser } from '../helpers';
import { ClusterStack, describeCluster, type Replica } from './harness';

const ADMIN_USERNAME = 'chief_referee';
const ADMIN_PASSWORD = 'chief-referee-secret';

describeCluster(
  'two replicas behind Redis: a suspension ends sessions everywhere',
  ['redis', 'postgres'],
  () => {
    const stack = new ClusterStack();
    let a: Replica;
    let b: Replica;

    beforeAll(async () => {
      const [postgres, redis] = await Promise.all([stack.postgres(), stack.redis()]);
      const env = { DATABASE_URL: postgres.url(), REDIS_URL: redis.url, ADMIN_USERNAME, ADMIN_PASSWORD };
      [a, b] = await stack.twoReplicas(env);
    });
    afterAll(() => stack.cleanup());

    it("disconnects the fencer's socket on the other replica at once, and their session there is nobody's", async () => {
      const admin = new ApiClient(a.url);
      const signedIn = await admin.post<SessionUser>('/api/login', {
        username: ADMIN_USERNAME,
        password: ADMIN_PASSWORD,
      });
      expect(signedIn.status).toBe(200);
      // The fencer is on B: their session user is cached there, their socket open there.
      const fencer = await makeUser(b.url);
      expect((await fencer.client.get('/api/user')).status).toBe(200);
      const socketOnB = await stack.socket(b.url, fencer.client, 'fencer@B');

      const started = Date.now();
      const suspended = await admin.post(`/api/admin/users/${fencer.user.id}/suspend`, {
        reason: 'Spam ring',
      });
      expect(suspended.status).toBe(200);
      await expect(socketOnB.waitForDisconnect(5_000)).resolves.toMatchObject({
        reason: 'io server disconnect',
      });
      expect(socketOnB.disconnected!.at - started).toBeLessThan(5_000);
      expect((await fencer.client.get('/api/user')).status).toBe(401);
      // Signing in again, on either replica, is refused once the password is right.
      for (const replica of [a, b]) {
        const again = await new ApiClient(replica.url).post('/api/login', {
          username: fencer.user.username,
          password: fencer.password,
        });
        expect(again).toMatchObject({ status: 403, body: { message: 'This account is suspended' } });
      }

      // Unsuspended through B, they sign in on A.
      const unsuspended = await admin
        .on(b.url)
        .post(`/api/admin/users/${fencer.user.id}/unsuspend`, { reason: 'Cleared' });
      expect(unsuspended.status).toBe(200);
      const back = await new ApiClient(a.url).post<SessionUser>('/api/login', {
        username: fencer.user.username,
        password: fencer.password,
      });
      expect(back.status).toBe(200);
    });
  },
);
