import type { FeedPost, FencerProfile, PostComment, PostPage } from '@piste/contracts';
import { makeAdmin, makePost, makeUser, nextEvent, storeBlock, useTestApp } from './helpers';
import { barrier, emitHandled, record, useSockets } from './sockets';
import { joinClub, makeClub } from './club-fixtures';

const t = useTestApp();

describe('club posts', () => {
  const socketOf = useSockets(t);

  it('are written by members only, club-only by default, and name their club', async () => {
    const owner = await makeUser(t);
    const member = await makeUser(t);
    const outsider = await makeUser(t);
    const { club } = await makeClub(owner);
    await joinClub(member, club.slug);

    const refused = await outsider.client.post('/api/posts', {
      content: 'Let me in',
      weapon: 'epee',
      clubId: club.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'Only the club’s members can post to it' });
    const unknown = await member.client.post('/api/posts', {
      content: 'Nowhere',
      weapon: 'epee',
      clubId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(403);
    const noClub = await member.client.post('/api/posts', {
      content: 'x',
      weapon: 'epee',
      visibility: 'club',
    });
    expect(noClub.status).toBe(400);
    expect(JSON.stringify(noClub.body)).toContain('Choose the club this post is for');
    const connections = await member.client.post('/api/posts', {
      content: 'x',
      weapon: 'epee',
      clubId: club.id,
      visibility: 'connections',
    });
    expect(connections.status).toBe(400);

    const inside = await makePost(member, { content: 'Tuesday: footwork ladder', clubId: club.id });
    expect(inside).toMatchObject({
      visibility: 'club',
      club: { id: club.id, slug: club.slug, name: club.name },
    });
    const open = await makePost(member, {
      content: 'Open day Saturday',
      clubId: club.id,
      visibility: 'public',
    });
    expect(open.visibility).toBe('public');
    const plain = await makePost(member, { content: 'Not a club post' });
    expect(plain).not.toHaveProperty('club');

    const asOwner = await owner.client.get<PostPage>(`/api/clubs/${club.slug}/posts`);
    expect(asOwner.body.posts.map((p) => p.id)).toEqual([open.id, inside.id]);
    expect(asOwner.body.posts[0].club).toEqual({ id: club.id, slug: club.slug, name: club.name });
    const asOutsider = await outsider.client.get<PostPage>(`/api/clubs/${club.slug}/posts`);
    expect(asOutsider.body.posts.map((p) => p.id)).toEqual([open.id]);
    expect((await outsider.client.get(`/api/posts/id/${inside.id}`)).status).toBe(404);
    expect((await outsider.client.get<FeedPost>(`/api/posts/id/${open.id}`)).body.club?.slug).toBe(club.slug);

    const first = await owner.client.get<PostPage>(`/api/clubs/${club.slug}/posts?limit=1`);
    expect(first.body).toMatchObject({ posts: [{ id: open.id }], nextCursor: open.id });
    const page = await owner.client.get<PostPage>(
      `/api/clubs/${club.slug}/posts?limit=1&before=${first.body.nextCursor}`,
    );
    expect(page.body.posts.map((p) => p.id)).toEqual([inside.id]);
    expect((await owner.client.get(`/api/clubs/${club.slug}/posts?before=${plain.id}`)).status).toBe(400);
    expect((await owner.client.get(`/api/clubs/no-such-club-here/posts`)).status).toBe(404);
  });

  it('leave a member who leaves, and their count on the fencer page follows who may see them', async () => {
    const owner = await makeUser(t);
    const member = await makeUser(t);
    const outsider = await makeUser(t);
    const { club } = await makeClub(owner);
    await joinClub(member, club.slug);
    const inside = await makePost(owner, { clubId: club.id });
    await makePost(owner, { clubId: club.id, visibility: 'public' });

    const count = async (viewer: typeof owner) =>
      (await viewer.client.get<FencerProfile>(`/api/profiles/${owner.user.username}`)).body.profile
        .postsCount;
    expect(await count(owner)).toBe(2);
    expect(await count(member)).toBe(2);
    expect(await count(outsider)).toBe(1);

    expect((await member.client.post('/api/likes', { postId: inside.id })).status).toBe(201);
    expect((await member.client.delete(`/api/clubs/${club.slug}/members/${member.user.id}`)).status).toBe(
      204,
    );
    expect((await member.client.post('/api/likes', { postId: inside.id })).status).toBe(404);
    expect((await member.client.get(`/api/comments?postId=${inside.id}`)).status).toBe(404);
    expect(await count(member)).toBe(1);
    // A post made to the club while a member stays the author's to see.
    const own = await makePost(owner, { clubId: club.id });
    expect((await owner.client.get(`/api/posts/id/${own.id}`)).status).toBe(200);
  });

  it('can be removed by the club’s admins, not by its coaches or members', async () => {
    const owner = await makeUser(t);
    const admin = await makeUser(t);
    const coach = await makeUser(t);
    const member = await makeUser(t);
    const { club } = await makeClub(owner);
    for (const who of [admin, coach, member]) await joinClub(who, club.slug);
    await owner.client.patch(`/api/clubs/${club.slug}/members/${admin.user.id}`, { role: 'admin' });
    await owner.client.patch(`/api/clubs/${club.slug}/members/${coach.user.id}`, { role: 'coach' });
    const first = await makePost(member, { clubId: club.id });
    const second = await makePost(member, { clubId: club.id, visibility: 'public' });
    const elsewhere = await makePost(member);

    expect((await coach.client.delete(`/api/posts/${first.id}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/posts/${elsewhere.id}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/posts/${first.id}`)).status).toBe(200);
    expect((await owner.client.delete(`/api/posts/${second.id}`)).status).toBe(200);
    expect((await member.client.get<PostPage>(`/api/clubs/${club.slug}/posts`)).body).toEqual({
      posts: [],
      nextCursor: null,
    });
  });

  it('go live to members only when club-only, and to the club page’s watchers when public', async () => {
    const owner = await makeUser(t);
    const member = await makeUser(t);
    const outsider = await makeUser(t);
    const blocked = await makeUser(t);
    const { club } = await makeClub(owner);
    await joinClub(member, club.slug);
    await joinClub(blocked, club.slug);
    await storeBlock(t, blocked, member);

    const [memberSocket, outsiderSocket, blockedSocket] = await Promise.all(
      [member, outsider, blocked].map((who) => socketOf(who, { weapon: 'sabre' })),
    );
    const pageSocket = await socketOf(outsider);
    await emitHandled(pageSocket, 'club:watch', { clubId: club.id });
    const outsiderSaw = record(outsiderSocket, 'post:created');
    const pageSaw = record(pageSocket, 'post:created');
    const blockedSaw = record(blockedSocket, 'post:created', (e) => e.post.authorId === member.user.id);

    const clubOnly = nextEvent(memberSocket, 'post:created', (e) => e.post.club?.id === club.id);
    const inside = await makePost(owner, {
      clubId: club.id,
      weapon: 'sabre',
      content: 'Members: bring masks',
    });
    expect((await clubOnly).post.id).toBe(inside.id);
    await barrier(outsiderSocket, pageSocket);
    expect(outsiderSaw).toEqual([]);
    expect(pageSaw).toEqual([]);

    const onPage = nextEvent(pageSocket, 'post:created', (e) => e.post.club?.id === club.id);
    const open = await makePost(owner, { clubId: club.id, weapon: 'sabre', visibility: 'public' });
    expect((await onPage).post.id).toBe(open.id);

    // Comments and counts on a club-only post go to members who watch it, never across a block.
    for (const socket of [memberSocket, outsiderSocket]) {
      await emitHandled(socket, 'posts:watch', { postIds: [inside.id] });
      await emitHandled(socket, 'comments:watch', { postIds: [inside.id] });
    }
    const outsiderComments = record(outsiderSocket, 'comment:created');
    const commented = nextEvent(memberSocket, 'comment:created', (e) => e.comment.postId === inside.id);
    const comment = await owner.client.post<PostComment>('/api/comments', {
      postId: inside.id,
      content: 'Yes',
    });
    expect(comment.status).toBe(201);
    await commented;
    await makePost(member, { clubId: club.id, weapon: 'sabre' });
    await barrier(outsiderSocket, blockedSocket);
    expect(outsiderComments).toEqual([]);
    expect(blockedSaw).toEqual([]);

    const removed = nextEvent(pageSocket, 'post:deleted', (e) => e.postId === open.id);
    await emitHandled(pageSocket, 'club:unwatch', { clubId: club.id });
    await emitHandled(pageSocket, 'club:watch', { clubId: club.id });
    expect((await owner.client.delete(`/api/posts/${open.id}`)).status).toBe(200);
    await removed;
  });

  it('are refused to a banned member, whose existing ones a club admin can still remove', async () => {
    const owner = await makeUser(t);
    const member = await makeUser(t);
    const admin = await makeAdmin(t);
    const { club } = await makeClub(owner);
    await joinClub(member, club.slug);
    const before = await makePost(member, { clubId: club.id });
    const banned = await admin.client.post('/api/bans', {
      userId: member.user.id,
      reason: 'Spam',
      durationHours: 1,
    });
    expect(banned.status).toBe(201);
    const refused = await member.client.post('/api/posts', { content: 'x', weapon: 'epee', clubId: club.id });
    expect(refused.status).toBe(403);
    expect((await owner.client.delete(`/api/posts/${before.id}`)).status).toBe(200);
  });
});
