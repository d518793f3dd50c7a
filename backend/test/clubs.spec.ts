import { DataSource } from 'typeorm';
import type {
  ClubMembersPage,
  ClubPage,
  ClubRequest,
  ClubsPage,
  FencerClub,
  ServerNotification,
} from '@piste/contracts';
import {
  itRacing,
  makeAdmin,
  makeUser,
  nextEvent,
  poll,
  storeBlock,
  useTestApp,
  type TestUser,
} from './helpers';
import { useSockets } from './sockets';
import { joinClub, makeClub, word } from './club-fixtures';
import { makePng, uploadFile } from './media-fixtures';

const t = useTestApp();

const roleIn = async (user: TestUser, slug: string) =>
  (await user.client.get<ClubPage>(`/api/clubs/${slug}`)).body.viewerRole;

/** The members' roles, by username, and the stored count beside a recount. */
async function membership(viewer: TestUser, slug: string) {
  const page = await viewer.client.get<ClubMembersPage>(`/api/clubs/${slug}/members`);
  const [counts] = await t.app
    .get(DataSource)
    .query<Array<{ stored: number; recount: number; owners: number }>>(
      `SELECT c."membersCount" AS stored,
              (SELECT count(*)::int FROM club_members m WHERE m."clubId" = c.id) AS recount,
              (SELECT count(*)::int FROM club_members m WHERE m."clubId" = c.id AND m."role" = 'owner') AS owners
         FROM clubs c WHERE c.slug = $1`,
      [slug],
    );
  return { roles: page.body.members.map((m) => [m.user.username, m.role]), ...counts };
}

describe('clubs', () => {
  const socketOf = useSockets(t);

  it('are created with a slug of their name, their creator the owner, and found in the directory', async () => {
    const owner = await makeUser(t);
    const name = `Cercle d'Escrime Épée ${word('ce')}`;
    const created = await makeClub(owner, { name, weapons: ['sabre', 'sabre'] });
    expect(created).toMatchObject({
      club: { name, country: 'FR', weapons: ['sabre'], joinPolicy: 'open', membersCount: 1 },
      viewerRole: 'owner',
      viewerRequest: null,
    });
    expect(created.club.slug).toMatch(/^cercle-d-escrime-epee/);
    const twin = await makeClub(owner, { name, weapons: ['sabre'] });
    expect(twin.club.slug).not.toBe(created.club.slug);

    const reader = await makeUser(t);
    const found = await reader.client.get<ClubsPage>(
      `/api/clubs?q=${encodeURIComponent('ESCRIME EPEE ' + name.split(' ').pop())}`,
    );
    expect(found.body.clubs.map((c) => c.id)).toEqual([twin.club.id, created.club.id]);
    const page1 = await reader.client.get<ClubsPage>(`/api/clubs?q=${name.split(' ').pop()}&limit=1`);
    const page2 = await reader.client.get<ClubsPage>(
      `/api/clubs?q=${name.split(' ').pop()}&limit=1&before=${page1.body.nextCursor}`,
    );
    expect(page2.body.clubs.map((c) => c.id)).toEqual([created.club.id]);
    expect(
      (await reader.client.get<ClubsPage>(`/api/clubs?q=${name.split(' ').pop()}&weapon=foil`)).body.clubs,
    ).toEqual([]);
    expect(
      (await reader.client.get<ClubsPage>(`/api/clubs?q=${name.split(' ').pop()}&country=fr&weapon=sabre`))
        .body.clubs,
    ).toHaveLength(2);
    expect((await reader.client.get(`/api/clubs/${created.club.slug}`)).body).toMatchObject({
      viewerRole: null,
    });
    expect((await reader.client.get('/api/clubs/no-such-club')).status).toBe(404);
  });

  it('refuse bad input with a clear message', async () => {
    const owner = await makeUser(t);
    const post = (body: Record<string, unknown>) =>
      owner.client.post('/api/clubs', {
        name: 'Club',
        city: 'Paris',
        country: 'FR',
        weapons: ['foil'],
        ...body,
      });
    expect((await post({ name: 'x' })).body).toEqual({
      message: 'Club name must be at least 2 characters',
      code: 'validation.invalid',
    });
    expect((await post({ country: 'France' })).body).toEqual({
      message: 'Country must be a two-letter code such as FR or US',
      code: 'validation.invalid',
    });
    expect((await post({ weapons: [] })).body).toEqual({
      message: 'Choose at least one weapon',
      code: 'validation.invalid',
    });
    expect((await post({ joinPolicy: 'invite' })).body).toEqual({
      message: 'Joining is open or by request',
      code: 'validation.invalid',
    });
    expect((await post({ membersCount: 9 })).status).toBe(400);
    expect((await owner.client.get('/api/clubs?country=xyz')).status).toBe(400);
  });

  it('let anyone join an open club, counted, and only admins change it', async () => {
    const owner = await makeUser(t);
    const member = await makeUser(t);
    const { club } = await makeClub(owner);
    const socket = await socketOf(member);
    const joinedLive = nextEvent(socket, 'club:member', (e) => e.clubId === club.id);
    const joined = await member.client.post<ClubPage>(`/api/clubs/${club.slug}/join`);
    expect(joined.body).toMatchObject({ viewerRole: 'member', membersCount: 2 });
    await expect(joinedLive).resolves.toEqual({
      clubId: club.id,
      slug: club.slug,
      userId: member.user.id,
      role: 'member',
    });
    expect((await member.client.post(`/api/clubs/${club.slug}/join`)).body).toEqual({
      message: 'You are already a member',
      code: 'clubs.already_member',
    });
    const edit = await member.client.patch(`/api/clubs/${club.slug}`, { description: 'Mine now' });
    expect([edit.status, edit.body]).toEqual([
      403,
      { message: 'Only the club’s admins can change it', code: 'clubs.not_admin_to_change' },
    ]);
    const edited = await owner.client.patch<ClubPage>(`/api/clubs/${club.slug}`, {
      description: 'Four nights',
    });
    expect(edited.body.club.description).toBe('Four nights');
    expect((await member.client.delete(`/api/clubs/${club.slug}`)).status).toBe(403);
    await expect(membership(owner, club.slug)).resolves.toMatchObject({ stored: 2, recount: 2, owners: 1 });

    const clubs = await member.client.get<FencerClub[]>(`/api/profiles/${owner.user.username}/clubs`);
    expect(clubs.body).toContainEqual({
      id: club.id,
      slug: club.slug,
      name: club.name,
      logo: null,
      role: 'owner',
    });

    expect((await member.client.delete(`/api/clubs/${club.slug}/members/${member.user.id}`)).status).toBe(
      204,
    );
    await expect(membership(owner, club.slug)).resolves.toMatchObject({ stored: 1, recount: 1 });
    expect((await owner.client.delete(`/api/clubs/${club.slug}`)).status).toBe(204);
    expect((await owner.client.get(`/api/clubs/${club.slug}`)).status).toBe(404);
  });

  it('take a logo an admin uploaded for a club, and nothing else', async () => {
    const owner = await makeUser(t);
    const member = await makeUser(t);
    const { club } = await makeClub(owner);
    await joinClub(member, club.slug);
    const logo = await uploadFile(owner.client, makePng(64, 64), 'image/png', 'club');
    const set = await owner.client.patch<ClubPage>(`/api/clubs/${club.slug}`, { logo: logo.objectPath });
    expect(set.status).toBe(200);
    expect(set.body.club.logo).toBe(logo.objectPath);
    expect((await member.client.get(logo.objectPath)).status).toBe(200);
    const listed = await member.client.get<FencerClub[]>(`/api/profiles/${owner.user.username}/clubs`);
    expect(listed.body).toContainEqual(expect.objectContaining({ slug: club.slug, logo: logo.objectPath }));

    // A member cannot; nor can an admin set someone else's upload, a post's image, or a path that is no upload.
    const own = await uploadFile(member.client, makePng(64, 64), 'image/png', 'club');
    expect((await member.client.patch(`/api/clubs/${club.slug}`, { logo: own.objectPath })).status).toBe(403);
    const theirs = await owner.client.patch(`/api/clubs/${club.slug}`, { logo: own.objectPath });
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual({
      message: 'Media must be a file you uploaded',
      code: 'objects.not_uploaded',
    });
    const postImage = await uploadFile(owner.client, makePng(64, 64), 'image/png', 'post');
    expect((await owner.client.patch(`/api/clubs/${club.slug}`, { logo: postImage.objectPath })).status).toBe(
      400,
    );
    const notUploaded = await owner.client.patch(`/api/clubs/${club.slug}`, {
      logo: 'https://example.org/logo.png',
    });
    expect(notUploaded.status).toBe(400);
    expect(JSON.stringify(notUploaded.body)).toContain('The logo must be an uploaded image');
    const text = await owner.client.post('/api/objects/upload', {
      purpose: 'club',
      contentType: 'application/pdf',
      filename: 'logo.pdf',
    });
    expect(text.status).toBe(400);

    // A logo replaced, then one removed, and the last with its club, each leave the store.
    const next = await uploadFile(owner.client, makePng(48, 48), 'image/png', 'club');
    expect((await owner.client.patch(`/api/clubs/${club.slug}`, { logo: next.objectPath })).status).toBe(200);
    await poll(
      async () => (await member.client.get(logo.objectPath)).status,
      (status) => status === 404,
    );
    expect((await member.client.get(next.objectPath)).status).toBe(200);
    const cleared = await owner.client.patch<ClubPage>(`/api/clubs/${club.slug}`, { logo: null });
    expect(cleared.body.club.logo).toBeNull();
    await poll(
      async () => (await member.client.get(next.objectPath)).status,
      (status) => status === 404,
    );
    const last = await uploadFile(owner.client, makePng(48, 48), 'image/png', 'club');
    await owner.client.patch(`/api/clubs/${club.slug}`, { logo: last.objectPath });
    expect((await owner.client.delete(`/api/clubs/${club.slug}`)).status).toBe(204);
    await poll(
      async () => (await member.client.get(last.objectPath)).status,
      (status) => status === 404,
    );
  });

  it('by request: the admins hear of it live, and only they accept or decline', async () => {
    const owner = await makeUser(t, { name: 'Olga Owner' });
    const asker = await makeUser(t, { name: 'Ari Asker' });
    const outsider = await makeUser(t);
    const { club } = await makeClub(owner, { joinPolicy: 'request' });
    const ownerSocket = await socketOf(owner);
    const requested = nextEvent(ownerSocket, 'club:request', (e) => e.clubId === club.id);
    const notified = nextEvent(ownerSocket, 'notification', (n) => n.type === 'club');

    const asked = await asker.client.post<ClubPage>(`/api/clubs/${club.slug}/join`);
    expect(asked.body).toMatchObject({ viewerRole: null, viewerRequest: 'pending', membersCount: 1 });
    await expect(requested).resolves.toMatchObject({ request: { user: { id: asker.user.id } } });
    await expect(notified).resolves.toMatchObject({
      message: `Ari Asker asks to join ${club.name}`,
      path: `/clubs/${club.slug}`,
    });
    expect((await asker.client.post(`/api/clubs/${club.slug}/join`)).body).toEqual({
      message: 'You have already asked to join',
      code: 'clubs.already_asked',
    });
    for (const who of [asker, outsider]) {
      expect((await who.client.get(`/api/clubs/${club.slug}/requests`)).status).toBe(403);
      expect((await who.client.post(`/api/clubs/${club.slug}/requests/${asker.user.id}/accept`)).status).toBe(
        403,
      );
    }
    const list = await owner.client.get<ClubRequest[]>(`/api/clubs/${club.slug}/requests`);
    expect(list.body.map((r) => r.user.id)).toEqual([asker.user.id]);

    const askerSocket = await socketOf(asker);
    const accepted = nextEvent(askerSocket, 'club:member', (e) => e.clubId === club.id);
    expect((await owner.client.post(`/api/clubs/${club.slug}/requests/${asker.user.id}/accept`)).status).toBe(
      204,
    );
    await expect(accepted).resolves.toMatchObject({ role: 'member' });
    const notes = await asker.client.get<{ notifications: ServerNotification[] }>('/api/notifications');
    expect(notes.body.notifications[0]).toMatchObject({
      type: 'club',
      message: `You are now a member of ${club.name}`,
    });
    expect((await owner.client.post(`/api/clubs/${club.slug}/requests/${asker.user.id}/accept`)).status).toBe(
      404,
    );

    await outsider.client.post(`/api/clubs/${club.slug}/join`);
    expect(
      (await owner.client.post(`/api/clubs/${club.slug}/requests/${outsider.user.id}/decline`)).status,
    ).toBe(204);
    expect(await roleIn(outsider, club.slug)).toBeNull();
    await expect(membership(owner, club.slug)).resolves.toMatchObject({ stored: 2, recount: 2 });
  });

  it('keep roles in order: admins make coaches, only the owner makes admins or hands the club over', async () => {
    const owner = await makeUser(t);
    const [admin, coach, member] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
    const { club } = await makeClub(owner);
    for (const who of [admin, coach, member]) await who.client.post(`/api/clubs/${club.slug}/join`);
    const setRole = (actor: TestUser, target: TestUser, role: string) =>
      actor.client.patch(`/api/clubs/${club.slug}/members/${target.user.id}`, { role });

    expect((await setRole(member, coach, 'coach')).status).toBe(403);
    expect((await setRole(owner, admin, 'admin')).status).toBe(204);
    expect((await setRole(admin, coach, 'coach')).status).toBe(204);
    expect((await setRole(admin, member, 'admin')).body).toEqual({
      message: 'Only the owner can grant or take back admin rights',
      code: 'clubs.not_owner_for_admins',
    });
    expect((await setRole(admin, owner, 'member')).status).toBe(409);
    expect((await admin.client.delete(`/api/clubs/${club.slug}/members/${owner.user.id}`)).status).toBe(403);
    expect((await owner.client.delete(`/api/clubs/${club.slug}/members/${owner.user.id}`)).body).toEqual({
      message: 'Hand the club over to another member before leaving',
      code: 'clubs.owner_cannot_leave',
    });
    expect((await setRole(owner, member, 'hero')).status).toBe(400);

    // The owner hands over: exactly one owner, the old one an admin.
    const socket = await socketOf(coach);
    const told = nextEvent(socket, 'club:member', (e) => e.clubId === club.id && e.role === 'owner');
    expect((await setRole(owner, coach, 'owner')).status).toBe(204);
    await told;
    await expect(membership(owner, club.slug)).resolves.toMatchObject({
      roles: [
        [coach.user.username, 'owner'],
        [owner.user.username, 'admin'],
        [admin.user.username, 'admin'],
        [member.user.username, 'member'],
      ],
      owners: 1,
      stored: 4,
      recount: 4,
    });
    // An admin cannot remove another admin; the owner can.
    expect((await owner.client.delete(`/api/clubs/${club.slug}/members/${admin.user.id}`)).status).toBe(403);
    expect((await coach.client.delete(`/api/clubs/${club.slug}/members/${admin.user.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/clubs/${club.slug}/members/${member.user.id}`)).status).toBe(204);
    await expect(membership(coach, club.slug)).resolves.toMatchObject({ stored: 2, recount: 2, owners: 1 });
  });

  it('keep blocked fencers apart, and a ban stops joining but not leaving', async () => {
    const owner = await makeUser(t);
    const blocked = await makeUser(t);
    const member = await makeUser(t);
    const { club } = await makeClub(owner);
    await member.client.post(`/api/clubs/${club.slug}/join`);
    await storeBlock(t, owner, blocked);
    expect((await blocked.client.post(`/api/clubs/${club.slug}/join`)).body).toEqual({
      message: 'You cannot join this club',
      code: 'clubs.cannot_join',
    });
    await storeBlock(t, blocked, member);
    const members = await blocked.client.get<ClubMembersPage>(`/api/clubs/${club.slug}/members`);
    expect(members.body.members).toEqual([]);
    expect((await blocked.client.get(`/api/profiles/${owner.user.username}/clubs`)).status).toBe(404);

    const admin = await makeAdmin(t);
    await admin.client.post('/api/bans', { userId: member.user.id, reason: 'Spam', durationHours: 24 });
    expect(
      (await member.client.post('/api/clubs', { name: 'Mine', city: 'X', country: 'FR', weapons: ['foil'] }))
        .status,
    ).toBe(403);
    expect((await member.client.delete(`/api/clubs/${club.slug}/members/${member.user.id}`)).status).toBe(
      204,
    );
  });

  it('pass to the longest-standing admin when the owner deletes their account', async () => {
    const owner = await makeUser(t);
    const [member, admin] = [await makeUser(t), await makeUser(t)];
    const { club } = await makeClub(owner);
    await member.client.post(`/api/clubs/${club.slug}/join`);
    await admin.client.post(`/api/clubs/${club.slug}/join`);
    await owner.client.patch(`/api/clubs/${club.slug}/members/${admin.user.id}`, { role: 'admin' });
    expect((await owner.client.post('/api/account/delete', { password: owner.password })).status).toBe(202);
    const after = await (async () => {
      for (let i = 0; i < 100; i++) {
        const state = await membership(member, club.slug);
        // The page and the counts are two reads: wait until both have seen the deletion.
        if (state.stored === 2 && state.roles.length === 2) return state;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the account was not deleted');
    })();
    expect(after).toMatchObject({
      roles: [
        [admin.user.username, 'owner'],
        [member.user.username, 'member'],
      ],
      owners: 1,
    });
  });

  itRacing('keep exactly one owner when the owner hands over to two members at once', async () => {
    const owner = await makeUser(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    const { club } = await makeClub(owner);
    await a.client.post(`/api/clubs/${club.slug}/join`);
    await b.client.post(`/api/clubs/${club.slug}/join`);
    const replies = await Promise.all(
      [a, b].map((who) =>
        owner.client.patch(`/api/clubs/${club.slug}/members/${who.user.id}`, { role: 'owner' }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([204, 403]);
    await expect(membership(owner, club.slug)).resolves.toMatchObject({ owners: 1, stored: 3, recount: 3 });
  });
});

describe('search', () => {
  it('finds clubs by name, accents aside, those that start with the words first', async () => {
    const owner = await makeUser(t);
    const stem = word('sq');
    const inside = await makeClub(owner, { name: `Les Lames ${stem} Réunies` });
    const starts = await makeClub(owner, { name: `${stem} Escrime` });
    const found = await owner.client.get<{ clubs: ClubsPage['clubs'] }>(`/api/search?q=${stem}&type=clubs`);
    expect(found.status).toBe(200);
    expect(found.body.clubs.map((c) => c.id)).toEqual([starts.club.id, inside.club.id]);
    const folded = await owner.client.get<{ clubs: ClubsPage['clubs'] }>(
      `/api/search?q=${encodeURIComponent(`${stem} reunies`)}`,
    );
    expect(folded.body.clubs.map((c) => c.id)).toEqual([inside.club.id]);
  });
});
