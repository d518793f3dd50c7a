import type { Ban, FeedPost, PostComment } from '@piste/contracts';
import { IS_ADMIN_ONLY, IS_ALLOWED_WHILE_BANNED, IS_PUBLIC } from '../src/common/decorators';
import {
  appRoutes,
  connectUsers,
  makeAdmin,
  makePost,
  makeUser,
  useTestApp,
  type Reply,
  type TestApp,
  type TestUser,
} from './helpers';

export const HOUR = 60 * 60 * 1000;
export const NIL_ID = '00000000-0000-4000-8000-000000000000';
export const BAN_MESSAGE = /^You are banned from posting until (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC$/;

/** The 403 message for a ban: its end in UTC. */
export function banMessageFor(ban: Pick<Ban, 'bannedUntil'>): string {
  const iso = new Date(ban.bannedUntil).toISOString();
  return `You are banned from posting until ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

interface ChangeRoute {
  route: string;
  isPublic: boolean;
  isAdminOnly: boolean;
  allowedWhileBanned: boolean;
}

/** Every route that changes something (POST, PUT, PATCH, DELETE), with the markers that decide who may call it. */
export function changeRoutes(t: TestApp): ChangeRoute[] {
  const changes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  return appRoutes(t)
    .filter((r) => changes.has(r.method))
    .map((r) => ({
      route: r.route,
      isPublic: r.marked(IS_PUBLIC),
      isAdminOnly: r.marked(IS_ADMIN_ONLY),
      allowedWhileBanned: r.marked(IS_ALLOWED_WHILE_BANNED),
    }));
}

/** One app with an admin for a file of ban tests; `ban` issues a ban as that admin, clock mocks end with each test. */
export function useBans() {
  const t = useTestApp();
  const fixture = {
    t,
    /** Set before the tests run. */
    admin: undefined as unknown as TestUser,
    async ban(userId: string, durationHours = 24, extra: Record<string, unknown> = {}): Promise<Ban> {
      const res = await fixture.admin.client.post<Ban>('/api/bans', {
        userId,
        reason: 'Spam',
        durationHours,
        ...extra,
      });
      if (res.status !== 201) throw new Error(`ban failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    makeScene: () => makeScene(t),
  };
  beforeAll(async () => {
    fixture.admin = await makeAdmin(t);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
  return fixture;
}

/**
 * A fencer with people and things around them, so every action can be tried: a connection, a stranger,
 * the connection's post and comment.
 */
export interface Scene {
  actor: TestUser;
  friend: TestUser;
  stranger: TestUser;
  friendPost: FeedPost;
  friendComment: PostComment;
}

export async function makeScene(t: TestApp): Promise<Scene> {
  const [actor, friend, stranger] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
  await connectUsers(t, actor, friend);
  const friendPost = await makePost(friend);
  const comment = await friend.client.post<PostComment>('/api/comments', {
    postId: friendPost.id,
    content: 'First!',
  });
  if (comment.status !== 201) throw new Error(`comment failed: ${comment.status}`);
  return { actor, friend, stranger, friendPost, friendComment: comment.body };
}

/**
 * What a ban takes away (SECURITY.md, "Bans"): every call that creates or changes something other people
 * see or are notified of. Each is tried by a banned fencer (403) and by a free one (it works).
 */
export const BANNED_ACTIONS: [string, (s: Scene) => Promise<Reply>][] = [
  [
    'publish a post',
    (s) => s.actor.client.post('/api/posts', { content: 'Morning drill', type: 'general', weapon: 'epee' }),
  ],
  [
    'comment on a post',
    (s) => s.actor.client.post('/api/comments', { postId: s.friendPost.id, content: 'Nice touch' }),
  ],
  [
    'reply to a comment',
    (s) =>
      s.actor.client.post('/api/comments', {
        postId: s.friendPost.id,
        parentId: s.friendComment.id,
        content: 'Agreed',
      }),
  ],
  [
    'like a post',
    (s) => s.actor.client.post('/api/likes', { userId: s.actor.user.id, postId: s.friendPost.id }),
  ],
  [
    'dislike a post',
    (s) => s.actor.client.post('/api/dislikes', { userId: s.actor.user.id, postId: s.friendPost.id }),
  ],
  ['like a comment', (s) => s.actor.client.post(`/api/comment-likes/${s.friendComment.id}`)],
  [
    'message a connection',
    (s) => s.actor.client.post('/api/messages', { receiverId: s.friend.user.id, content: 'Hello' }),
  ],
  [
    'ask someone to connect',
    (s) => s.actor.client.post('/api/friend-requests', { receiverId: s.stranger.user.id }),
  ],
  [
    'get an upload URL for post media',
    (s) =>
      s.actor.client.post('/api/objects/upload', {
        filename: 'bout.png',
        contentType: 'image/png',
        size: 1024,
        purpose: 'post',
      }),
  ],
  ['get an upload URL for an avatar', (s) => s.actor.client.post('/api/objects/upload')],
  [
    'edit their profile',
    (s) =>
      s.actor.client.put(`/api/users/${s.actor.user.id}`, {
        name: 'A new name',
        title: 'Club captain',
        email: `${s.actor.user.username}@example.com`,
      }),
  ],
];

export function expectDone(reply: Reply, action: string): void {
  expect({ action, status: reply.status, ok: reply.status >= 200 && reply.status < 300 }).toEqual({
    action,
    status: reply.status,
    ok: true,
  });
}
