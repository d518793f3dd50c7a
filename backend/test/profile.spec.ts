import type { Profile, SessionUser } from '@piste/contracts';
import { makeUser, uniqueName, type TestUser, useTestApp } from './helpers';
import { makeJpeg, makePng, makeMp4, uploadFile } from './media-fixtures';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('profiles', () => {
  const t = useTestApp({}, { ownDataDir: true });

  function edits(who: TestUser, overrides: Record<string, unknown> = {}) {
    return {
      name: 'Edited Name',
      title: 'Coach',
      email: `${who.user.username}@example.com`,
      weaponSpecialty: 'foil',
      avatar: null,
      ...overrides,
    };
  }

  it('updates your own profile, trimmed, and the session user follows', async () => {
    const alice = await makeUser(t);
    const { objectPath } = await uploadFile(alice.client, makePng(32, 32), 'image/png', 'avatar');
    const res = await alice.client.put<Profile>(`/api/users/${alice.user.id}`, {
      name: '  Alice Épée  ',
      title: '  Maître d’armes ',
      email: `  NEW_${alice.user.username}@Example.com `,
      weaponSpecialty: 'sabre',
      avatar: objectPath,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: alice.user.id,
      name: 'Alice Épée',
      title: 'Maître d’armes',
      email: `NEW_${alice.user.username}@Example.com`,
      weaponSpecialty: 'sabre',
      avatar: objectPath,
    });
    await expect(alice.client.get<SessionUser>('/api/user')).resolves.toMatchObject({
      body: { name: 'Alice Épée', avatar: objectPath },
    });
    await expect(alice.client.get<Profile>('/api/current-user')).resolves.toMatchObject({
      body: { title: 'Maître d’armes', weaponSpecialty: 'sabre' },
    });
  });

  it("refuses to edit someone else's profile (403) and leaves it unchanged", async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    await expect(bob.client.put(`/api/users/${alice.user.id}`, edits(alice))).resolves.toMatchObject({
      status: 403,
      body: { message: 'You can only edit your own profile' },
    });
    await expect(alice.client.get<Profile>('/api/current-user')).resolves.toMatchObject({
      body: { name: alice.user.name },
    });
    await expect(alice.client.put(`/api/users/${alice.user.id}`, edits(alice))).resolves.toMatchObject({
      status: 200,
    });
  });

  it('clears optional fields: empty title, weapon and avatar become null', async () => {
    const alice = await makeUser(t, { title: 'Cadet' });
    const res = await alice.client.put<Profile>(
      `/api/users/${alice.user.id}`,
      edits(alice, { title: '   ', weaponSpecialty: '', avatar: '' }),
    );
    expect(res.body).toMatchObject({ title: null, weaponSpecialty: null, avatar: null });
  });

  it.each([
    [{ name: '   ' }, 'Please enter your name'],
    [{ name: undefined }, 'Please enter your name'],
    [{ email: ' ' }, 'Please enter your email address'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ weaponSpecialty: 'katana' }, 'Choose a weapon: epee, foil or sabre'],
    [{ avatar: 'https://evil.example/x.png' }, 'Avatar must be an uploaded image'],
    [{ avatar: '/objects/../etc/passwd' }, 'Avatar must be an uploaded image'],
    [{ avatar: 'javascript:alert(1)' }, 'Avatar must be an uploaded image'],
  ])('rejects %j with 400 %s', async (override, message) => {
    const alice = await makeUser(t);
    await expect(
      alice.client.put(`/api/users/${alice.user.id}`, edits(alice, override)),
    ).resolves.toMatchObject({
      status: 400,
      body: { message },
    });
  });

  it("accepts only the user's own uploaded avatar image (JPEG too), not another's file or a post upload", async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const jpeg = await uploadFile(alice.client, makeJpeg(), 'image/jpeg', 'avatar');
    await expect(
      alice.client.put(`/api/users/${alice.user.id}`, edits(alice, { avatar: jpeg.objectPath })),
    ).resolves.toMatchObject({ status: 200, body: { avatar: jpeg.objectPath } });

    const bobsAvatar = await uploadFile(bob.client, makePng(), 'image/png', 'avatar');
    const postImage = await uploadFile(alice.client, makePng(), 'image/png', 'post');
    const video = await uploadFile(alice.client, makeMp4(), 'video/mp4', 'post');
    const issued = await alice.client.post<{ objectPath: string }>('/api/objects/upload'); // never uploaded
    for (const avatar of [
      bobsAvatar.objectPath,
      postImage.objectPath,
      video.objectPath,
      issued.body.objectPath,
    ]) {
      await expect(
        alice.client.put(`/api/users/${alice.user.id}`, edits(alice, { avatar })),
      ).resolves.toMatchObject({ status: 400, body: { message: 'Avatar must be an uploaded image' } });
    }
    // Re-saving the stored avatar is fine.
    await expect(
      alice.client.put(`/api/users/${alice.user.id}`, edits(alice, { avatar: jpeg.objectPath })),
    ).resolves.toMatchObject({ status: 200 });
  });

  it('keeps an avatar that was already stored, even when it is not an uploaded object', async () => {
    const alice = await makeUser(t, { avatar: 'AB' });
    await expect(
      alice.client.put(`/api/users/${alice.user.id}`, edits(alice, { avatar: 'AB' })),
    ).resolves.toMatchObject({ status: 200, body: { avatar: 'AB' } });
  });

  it('keeps the email unique, case-insensitively (409), but lets you keep your own', async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    await expect(
      alice.client.put(
        `/api/users/${alice.user.id}`,
        edits(alice, { email: `${bob.user.username.toUpperCase()}@EXAMPLE.com` }),
      ),
    ).resolves.toMatchObject({ status: 409, body: { message: 'Email is already registered' } });
    await expect(
      alice.client.put(
        `/api/users/${alice.user.id}`,
        edits(alice, { email: `${alice.user.username.toUpperCase()}@example.COM` }),
      ),
    ).resolves.toMatchObject({ status: 200 });
  });

  it('ignores fields that are not editable (isAdmin, username, counters)', async () => {
    const alice = await makeUser(t);
    const res = await alice.client.put<Profile>(
      `/api/users/${alice.user.id}`,
      edits(alice, { isAdmin: true, username: uniqueName('hijack'), postsCount: 99 }),
    );
    expect(res.body).toMatchObject({ isAdmin: false, username: alice.user.username, postsCount: 0 });
  });

  it("reads another user's public profile without their email; 404 for unknown ids", async () => {
    const alice = await makeUser(t, { title: 'Armorist' });
    const bob = await makeUser(t);
    const res = await bob.client.get<Profile>(`/api/users/${alice.user.id}`);
    expect(res).toMatchObject({
      status: 200,
      body: { id: alice.user.id, username: alice.user.username, title: 'Armorist', email: null },
    });
    await expect(alice.client.get(`/api/users/${alice.user.id}`)).resolves.toMatchObject({
      body: { email: `${alice.user.username}@example.com` },
    });
    await expect(bob.client.get(`/api/users/${UNKNOWN_ID}`)).resolves.toMatchObject({ status: 404 });
    await expect(bob.client.get('/api/users/not-a-uuid')).resolves.toMatchObject({ status: 400 });
  });
});
