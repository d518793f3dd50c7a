import { pushPayloadOf } from './push-payload';
import type { StoredNotification } from './stored-notification';

const message: StoredNotification = {
  id: '6f0c8a52-3c1e-4a57-9d54-8b3e3c0f6a11',
  recipientId: 'b0a1c3d2-0000-4000-8000-000000000001',
  type: 'message',
  actorId: 'b0a1c3d2-0000-4000-8000-000000000002',
  actorName: 'Lucie',
  message: 'Lucie sent you a message',
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
});
