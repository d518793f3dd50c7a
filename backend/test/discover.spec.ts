import type { ConnectionRequest, ConnectionUser } from '@piste/contracts';
import { uniqueName, useTestApp, type TestUser } from './helpers';
import { insertUser } from './factories';

// One app per file: passport keeps its (de)serializers process-wide, so a second app would reuse the first's.
const t = useTestApp();

describe('discover search', () => {
  const search = (who: TestUser, q: string, weapon?: string) =>
    who.client.get<ConnectionUser[]>(
      `/api/search/users?q=${encodeURIComponent(q)}${weapon ? `&weapon=${weapon}` : ''}`,
    );
  const ids = (users: ConnectionUser[]) => users.map((u) => u.id).sort();

  it('matches name or username case-insensitively, trimmed; empty text gives []', async () => {
    const tag = uniqueName('zq').replace('_', '');
    const viewer = await insertUser(t);
    const byName = await insertUser(t, { name: `Ada ${tag.toUpperCase()} Lovelace` });
    const byUsername = await insertUser(t, { username: `${tag}_fencer` });
    const res = await search(viewer, `  ${tag.toLowerCase()}  `);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([byName.user.id, byUsername.user.id].sort());
    expect(res.body[0]).toEqual(
      expect.objectContaining({ username: expect.any(String), role: 'student', requestStatus: null }),
    );
    await expect(search(viewer, '')).resolves.toMatchObject({ status: 200, body: [] });
    await expect(search(viewer, '   ')).resolves.toMatchObject({ status: 200, body: [] });
    await expect(viewer.client.get('/api/search/users')).resolves.toMatchObject({ status: 200, body: [] });
  });

  it('filters by weapon specialty and rejects an unknown weapon', async () => {
    const tag = uniqueName('wq').replace('_', '');
    const viewer = await insertUser(t);
    const epee = await insertUser(t, { name: `${tag} one`, weaponSpecialty: 'epee' });
    const sabre = await insertUser(t, { name: `${tag} two`, weaponSpecialty: 'sabre' });
    await expect(search(viewer, tag, 'sabre').then((r) => ids(r.body))).resolves.toEqual([sabre.user.id]);
    await expect(search(viewer, tag, 'epee').then((r) => ids(r.body))).resolves.toEqual([epee.user.id]);
    await expect(search(viewer, tag).then((r) => ids(r.body))).resolves.toEqual(
      [epee.user.id, sabre.user.id].sort(),
    );
    await expect(search(viewer, tag, 'katana')).resolves.toMatchObject({ status: 400 });
  });

  it('excludes the searcher and existing connections; hints pending requests both ways', async () => {
    const tag = uniqueName('xq').replace('_', '');
    const viewer = await insertUser(t, { name: `${tag} viewer` });
    const friend = await insertUser(t, { name: `${tag} friend` });
    const asked = await insertUser(t, { name: `${tag} asked` });
    const asker = await insertUser(t, { name: `${tag} asker` });
    const stranger = await insertUser(t, { name: `${tag} stranger` });

    const req = await viewer.client.post<ConnectionRequest>('/api/friend-requests', {
      receiverId: friend.user.id,
    });
    await friend.client.put(`/api/friend-requests/${req.body.id}`, { status: 'accepted' });
    const sent = await viewer.client.post<ConnectionRequest>('/api/friend-requests', {
      receiverId: asked.user.id,
    });
    const received = await asker.client.post<ConnectionRequest>('/api/friend-requests', {
      receiverId: viewer.user.id,
    });

    const res = await search(viewer, tag);
    expect(ids(res.body)).toEqual([asked.user.id, asker.user.id, stranger.user.id].sort());
    const byId = new Map(res.body.map((u) => [u.id, u]));
    expect(byId.get(asked.user.id)).toMatchObject({ requestStatus: 'sent', requestId: sent.body.id });
    expect(byId.get(asker.user.id)).toMatchObject({ requestStatus: 'received', requestId: received.body.id });
    expect(byId.get(stranger.user.id)).toMatchObject({ requestStatus: null, requestId: null });
  });

  it('takes %, _, backslash, quotes and SQL-ish input literally', async () => {
    const tag = uniqueName('lq').replace('_', '');
    const viewer = await insertUser(t);
    const percent = await insertUser(t, { name: `${tag} 100% sabre` });
    const underscore = await insertUser(t, { username: `${tag}_a_b` });
    const plain = await insertUser(t, { username: `${tag}xaxb` });
    const slash = await insertUser(t, { name: `${tag} back\\slash` });
    const quote = await insertUser(t, { name: `${tag} O'Brien "Bob"` });

    await expect(search(viewer, '%').then((r) => r.body.every((u) => u.name?.includes('%')))).resolves.toBe(
      true,
    );
    await expect(search(viewer, `${tag} 100%`).then((r) => ids(r.body))).resolves.toEqual([percent.user.id]);
    await expect(search(viewer, `${tag}_a_`).then((r) => ids(r.body))).resolves.toEqual([underscore.user.id]);
    // '_' is not a one-character wildcard: 'xaxb' does not match '_a_b'.
    await expect(search(viewer, `${tag}_a_b`).then((r) => ids(r.body))).resolves.not.toContain(plain.user.id);
    await expect(search(viewer, 'back\\slash').then((r) => ids(r.body))).resolves.toEqual([slash.user.id]);
    await expect(search(viewer, '\\').then((r) => ids(r.body))).resolves.toContain(slash.user.id);
    await expect(search(viewer, "O'Brien").then((r) => ids(r.body))).resolves.toEqual([quote.user.id]);
    await expect(search(viewer, '"Bob"').then((r) => ids(r.body))).resolves.toEqual([quote.user.id]);

    for (const evil of ["' OR '1'='1", "'; DROP TABLE users; --", '%%', '_', '\\%', '%_%']) {
      const res = await search(viewer, evil);
      expect({ evil, status: res.status }).toEqual({ evil, status: 200 });
      const literal = evil.toLowerCase();
      for (const user of res.body) {
        const matches =
          (user.name ?? '').toLowerCase().includes(literal) || user.username.toLowerCase().includes(literal);
        expect({ evil, user: user.username, matches }).toEqual({ evil, user: user.username, matches: true });
      }
    }
    // The users table survived.
    await expect(search(viewer, tag).then((r) => r.body.length)).resolves.toBe(5);
  });

  it('returns at most 20 results and rejects an over-long query', async () => {
    const tag = uniqueName('mq').replace('_', '');
    const viewer = await insertUser(t);
    await Promise.all(Array.from({ length: 22 }, (_, i) => insertUser(t, { name: `${tag} ${i}` })));
    await expect(search(viewer, tag).then((r) => r.body.length)).resolves.toBe(20);
    await expect(search(viewer, 'x'.repeat(101))).resolves.toMatchObject({ status: 400 });
  });
});
