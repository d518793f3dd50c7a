import type { FeedPost } from '@piste/contracts';
import { ApiClient, connectUsers, makePost, makeUser, type Reply } from './helpers';
import {
  BAN_MESSAGE,
  BANNED_ACTIONS,
  banMessageFor,
  changeRoutes,
  expectDone,
  type Scene,
  useBans,
} from './bans';

describe('temporary bans: what a banned user may and may not do', () => {
  const { t, ban, makeScene } = useBans();

  describe('what a banned user may not do', () => {
    let banned: Scene;
    let free: Scene;
    let message: string;
    beforeAll(async () => {
      [banned, free] = await Promise.all([makeScene(), makeScene()]);
      message = banMessageFor(await ban(banned.actor.user.id, 24));
    });

    it.each(BANNED_ACTIONS)(
      '%s: 403 naming when the ban ends; a fencer who is not banned can',
      async (action, act) => {
        const refused = await act(banned);
        expect(refused).toMatchObject({ status: 403, body: { message } });
        expect(refused.body).toEqual({ message: expect.stringMatching(BAN_MESSAGE), code: 'bans.banned' });
        expectDone(await act(free), action);
      },
    );

    it('nothing was created by the refused calls', async () => {
      const posts = await banned.friend.client.get<FeedPost[]>('/api/posts/epee?limit=50&offset=0');
      expect(posts.body.filter((p) => p.authorId === banned.actor.user.id)).toEqual([]);
      const post = await banned.friend.client.get<FeedPost>(`/api/posts/id/${banned.friendPost.id}`);
      expect(post.body).toMatchObject({ likesCount: 0, dislikesCount: 0, commentsCount: 1 });
      await expect(banned.friend.client.get('/api/conversations')).resolves.toMatchObject({ body: [] });
      await expect(
        banned.stranger.client.get(`/api/friend-requests/${banned.stranger.user.id}`),
      ).resolves.toMatchObject({ body: [] });
      await expect(banned.actor.client.get('/api/current-user')).resolves.toMatchObject({
        body: { name: banned.actor.user.name, title: null },
      });
    });

    it('a signed-out caller still gets 401, not the ban', async () => {
      await expect(
        new ApiClient(t.url).post('/api/posts', { content: 'x', type: 'general', weapon: 'epee' }),
      ).resolves.toMatchObject({ status: 401 });
    });
  });

  /**
   * What a ban leaves: reading, signing in and out, safety (hide, block, report), answering requests they
   * received, and taking back or tidying their own things.
   */
  describe('what a banned user may still do', () => {
    it('reads, hides, reports, blocks, answers requests, withdraws and deletes their own things', async () => {
      const s = await makeScene();
      const { actor, friend, stranger } = s;
      const [requester, decliner, exFriend] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      // Before the ban: their own post, reactions, requests both ways, a connection and a conversation.
      const ownPost = await makePost(actor);
      const likedPost = await makePost(friend);
      const dislikedPost = await makePost(friend);
      expectDone(await actor.client.post('/api/likes', { postId: likedPost.id }), 'like before the ban');
      expectDone(await actor.client.post('/api/dislikes', { postId: dislikedPost.id }), 'dislike');
      expectDone(await actor.client.post(`/api/comment-likes/${s.friendComment.id}`), 'comment like');
      const sent = await actor.client.post<{ id: string }>('/api/friend-requests', {
        receiverId: stranger.user.id,
      });
      const toAccept = await requester.client.post<{ id: string }>('/api/friend-requests', {
        receiverId: actor.user.id,
      });
      const toDecline = await decliner.client.post<{ id: string }>('/api/friend-requests', {
        receiverId: actor.user.id,
      });
      await connectUsers(t, exFriend, actor);
      const dm = await friend.client.post<{ conversationId: string }>('/api/messages', {
        receiverId: actor.user.id,
        content: 'Training tomorrow?',
      });
      expectDone(dm, 'message from a connection');
      const conversationId = dm.body.conversationId;

      const issued = await ban(actor.user.id, 24);

      const allowed: [string, () => Promise<Reply>][] = [
        ['read the feed', () => actor.client.get('/api/posts/epee?limit=10&offset=0')],
        ['read a post', () => actor.client.get(`/api/posts/id/${s.friendPost.id}`)],
        ['read comments', () => actor.client.get(`/api/comments?postId=${s.friendPost.id}`)],
        ['read conversations', () => actor.client.get('/api/conversations')],
        ['read messages', () => actor.client.get(`/api/messages?conversationId=${conversationId}`)],
        ['read connections', () => actor.client.get('/api/friends')],
        ['read a profile', () => actor.client.get(`/api/users/${friend.user.id}`)],
        ['read their own ban', () => actor.client.get('/api/bans/me')],
        ['mark a conversation read', () => actor.client.post(`/api/conversations/${conversationId}/read`)],
        [
          'report a post',
          () => actor.client.post('/api/reports', { postId: s.friendPost.id, reason: 'Spam' }),
        ],
        ['hide a post', () => actor.client.post('/api/hide-post', { postId: s.friendPost.id })],
        // Before blocking: a block withdraws pending requests between the two.
        ['withdraw a request they sent', () => actor.client.delete(`/api/friend-requests/${sent.body.id}`)],
        ['block someone', () => actor.client.post('/api/block-user', { blockedId: stranger.user.id })],
        ['unblock someone', () => actor.client.post('/api/unblock-user', { blockedId: stranger.user.id })],
        [
          'accept a request they received',
          () => actor.client.put(`/api/friend-requests/${toAccept.body.id}`, { status: 'accepted' }),
        ],
        [
          'decline a request they received',
          () => actor.client.put(`/api/friend-requests/${toDecline.body.id}`, { status: 'declined' }),
        ],
        ['remove a connection', () => actor.client.delete(`/api/friends/${exFriend.user.id}`)],
        ['take back a like', () => actor.client.delete(`/api/likes/${actor.user.id}/${likedPost.id}`)],
        [
          'take back a dislike',
          () => actor.client.delete(`/api/dislikes/${actor.user.id}/${dislikedPost.id}`),
        ],
        ['take back a comment like', () => actor.client.delete(`/api/comment-likes/${s.friendComment.id}`)],
        ['delete their own post', () => actor.client.delete(`/api/posts/${ownPost.id}`)],
        [
          'delete a conversation from their list',
          () => actor.client.delete(`/api/conversations/${conversationId}`),
        ],
      ];
      for (const [action, act] of allowed) expectDone(await act(), action);

      // Signing out and in again works, and the session user still says until when.
      expectDone(await actor.client.post('/api/logout'), 'sign out');
      const again = new ApiClient(t.url);
      await expect(
        again.post('/api/login', { username: actor.user.username, password: actor.password }),
      ).resolves.toMatchObject({ status: 200, body: { id: actor.user.id, bannedUntil: issued.bannedUntil } });
      // ...and the ban holds in the new session.
      await expect(
        again.post('/api/posts', { content: 'new session', type: 'general', weapon: 'epee' }),
      ).resolves.toMatchObject({ status: 403, body: { message: banMessageFor(issued) } });
    });
  });

  describe('the rule at every route', () => {
    /** Changes a banned user may still make; every other signed-in, non-admin change is refused. */
    const ALLOWED_WHILE_BANNED = [
      // Their own calendar feed reaches no one else.
      'DELETE /api/account/calendar',
      // Securing the account: a ban never stops a user from changing a password or ending a stolen session.
      'DELETE /api/account/passkeys/:id',
      'DELETE /api/account/sessions/:id',
      // Taking back a bout they logged, or answering one logged against them: their record stays true.
      'DELETE /api/bouts/:id',
      // Closing a club, leaving it or turning a request away adds nothing anyone reads.
      'DELETE /api/clubs/:slug',
      'DELETE /api/clubs/:slug/members/:userId',
      'DELETE /api/comment-likes/:commentId',
      'DELETE /api/conversations/:id',
      'DELETE /api/dislikes/:userId/:postId',
      // Cancelling an event they announced, like deleting a post.
      'DELETE /api/events/:id',
      'DELETE /api/friend-requests/:id',
      'DELETE /api/friends/:userId',
      'DELETE /api/likes/:userId/:postId',
      // Muting and saving change only what the user sees and keeps.
      'DELETE /api/mutes/:userId',
      'DELETE /api/notifications/:id',
      'DELETE /api/posts/:id',
      // Where their own notifications reach them: comfort, reaching no one else.
      'DELETE /api/push/subscriptions',
      'DELETE /api/saves/:postId',
      // Their data is theirs, banned or not: they may take it away or delete it with the account.
      'PATCH /api/account/passkeys/:id',
      'POST /api/account/2fa/recovery-codes',
      'POST /api/account/2fa/totp/disable',
      'POST /api/account/2fa/totp/enable',
      'POST /api/account/2fa/totp/setup',
      'POST /api/account/calendar',
      'POST /api/account/delete',
      'POST /api/account/export',
      'POST /api/account/passkeys',
      'POST /api/account/passkeys/options',
      'POST /api/account/password',
      'POST /api/account/sessions/revoke-others',
      'POST /api/account/verify-email/resend',
      'POST /api/block-user',
      'POST /api/bouts/:id/confirm',
      'POST /api/bouts/:id/dispute',
      'POST /api/clubs/:slug/requests/:userId/decline',
      'POST /api/conversations/:id/read',
      'POST /api/hide-post',
      'POST /api/mutes',
      'POST /api/notifications/read',
      'POST /api/push/subscriptions',
      'POST /api/reports',
      'POST /api/saves',
      'POST /api/unblock-user',
      // The language Piste speaks to them changes nothing anyone else reads.
      'PUT /api/account/language',
      'PUT /api/account/muted-words',
      'PUT /api/account/notification-settings',
      'PUT /api/friend-requests/:id',
    ];
    const REFUSED_WHILE_BANNED = [
      // Editing is posting again.
      'PATCH /api/clubs/:slug',
      'PATCH /api/clubs/:slug/members/:userId',
      'PATCH /api/comments/:id',
      'PATCH /api/events/:id',
      'PATCH /api/posts/:id',
      // A new address is part of the profile, which a ban freezes.
      'POST /api/account/email',
      // A bout logged is something others read and answer.
      'POST /api/bouts',
      // A club is a page others read: making one, joining it, letting people in.
      'POST /api/clubs',
      'POST /api/clubs/:slug/join',
      'POST /api/clubs/:slug/requests/:userId/accept',
      'POST /api/comment-likes/:commentId',
      'POST /api/comments',
      'POST /api/dislikes',
      // An event is a page others read; going to one tells the user's connections.
      'POST /api/events',
      'POST /api/friend-requests',
      'POST /api/likes',
      'POST /api/messages',
      'POST /api/objects/upload',
      'POST /api/posts',
      // Ratings are part of the profile.
      'PUT /api/account/record',
      'PUT /api/events/:id/attendance',
      'PUT /api/users/:id',
    ];

    it('every change a signed-in user can make is either refused while banned or deliberately allowed', () => {
      const changes = changeRoutes(t).filter((r) => !r.isPublic && !r.isAdminOnly);
      expect(
        changes
          .filter((r) => r.allowedWhileBanned)
          .map((r) => r.route)
          .sort(),
      ).toEqual(ALLOWED_WHILE_BANNED);
      expect(
        changes
          .filter((r) => !r.allowedWhileBanned)
          .map((r) => r.route)
          .sort(),
      ).toEqual(REFUSED_WHILE_BANNED);
    });
  });
});
