import { makeUser, startTestApp } from '../helpers';
import { ClusterStack, describeCluster } from './harness';

describeCluster('closing while Redis is away', ['redis'], () => {
  const stack = new ClusterStack();
  afterAll(() => stack.cleanup());

  it('closes at once, without waiting for Redis to come back', async () => {
    const redis = await stack.redis();
    const t = await startTestApp({ REDIS_URL: redis.url });
    let closed = false;
    try {
      const fencer = await makeUser(t);
      await redis.stop();
      // A publish while Redis is away, then the close: neither may wait for Redis.
      expect((await fencer.client.post('/api/posts', { content: 'En garde', weapon: 'sabre' })).status).toBe(
        201,
      );
      const started = Date.now();
      await Promise.race([
        t.close().then(() => (closed = true)),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
      ]);
      expect({ closed, ms: Date.now() - started }).toMatchObject({ closed: true });
    } finally {
      if (!closed) {
        await redis.start();
        await t.close();
      }
    }
  });
});
