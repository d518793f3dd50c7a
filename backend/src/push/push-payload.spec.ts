import { pushPayloadOf } from './push-payload';
import type { StoredNotification } from './stored-notification';

const message: StoredNotification = {
  id: '6f0c8a52-3c1e-4a57-9d54-8b3e3c0f6a11',
  recipientId: 'b0a1c3d2-0000-4000-8000-000000000001',
  type: 'message',
  actorId: 'b0a1c3d2-0000-4000-8000-000000000002',
  actorName: 'Lucie',
  kind: 'message_sent',
  params: { actor: 'Lucie' },
  message: null,
  postId: null,
  postContent: null,
  conversationId: 'c0a1c3d2-0000-4000-8000-000000000003',
  requestId: null,
  path: null,
};

describe('push payloads', () => {
  it('say what Piste writes in the recipient’s language', () => {
    expect(pushPayloadOf(message, 'En garde !', 'fr')).toMatchObject({
      title: 'Nouveau message de Lucie',
      body: 'En garde !',
    });
    expect(pushPayloadOf({ ...message, actorName: null }, 'Prêts ?', 'fr')?.title).toBe(
      'Nouveau message de quelqu’un',
    );
    expect(pushPayloadOf(message, 'Allez', 'en')?.title).toBe('New message from Lucie');
    expect(pushPayloadOf(message, 'Allez')?.title).toBe('New message from Lucie');
  });

  it('write a notification out in the recipient’s language, and an old one as it was stored', () => {
    const like: StoredNotification = {
      ...message,
      type: 'like',
      kind: 'post_liked',
      params: { actor: 'Lucie' },
      postId: 'd0a1c3d2-0000-4000-8000-000000000004',
      postContent: 'Parade de quarte, riposte',
      conversationId: null,
    };
    expect(pushPayloadOf(like, null, 'en')).toMatchObject({
      title: 'Lucie liked your post',
      body: 'Parade de quarte, riposte',
    });
    expect(pushPayloadOf(like, null, 'fr')?.title).toBe('Lucie a aimé votre publication');
    const old = { ...like, kind: null, params: null, message: 'Lucie liked your post' };
    expect(pushPayloadOf(old, null, 'fr')?.title).toBe('Lucie liked your post');
  });
});
