import { DataSource } from 'typeorm';
import type { NotificationsPage } from '@piste/contracts';
import { readOldTexts } from '../src/database/migrations/1763800002200-NotificationTexts';
import { makePost, makeUser, nextEvent, useTestApp, type TestUser } from './helpers';
import { usePushService } from './push-service';
import { useSockets } from './sockets';

const chooseLanguage = async (who: TestUser, language: 'en' | 'fr' | null) =>
  expect((await who.client.put('/api/account/language', { language })).status).toBe(200);

async function messagesOf(who: TestUser, headers: Record<string, string> = {}): Promise<string[]> {
  const reply = await who.client.request<NotificationsPage>('GET', '/api/notifications', undefined, headers);
  expect(reply.status).toBe(200);
  return reply.body.notifications.map((n) => n.message);
}

/** DESIGN.md §8: a notification says what it says in its reader's language, wherever it reaches them. */
describe('notifications in the reader’s language', () => {
  const push = usePushService();
  const t = useTestApp(push.env);
  const socketOf = useSockets(t);
  let db: DataSource;
  beforeAll(() => (db = t.app.get(DataSource)));

  it('tells a French fencer in French and an English one in English: list, live event and push', async () => {
    const [french, byBrowser, english, fan] = await Promise.all([
      makeUser(t),
      makeUser(t),
      makeUser(t),
      makeUser(t, { name: 'Aline' }),
    ]);
    await chooseLanguage(french, 'fr');
    // No language chosen: the browser's, as last seen, decides.
    await db.query(`UPDATE users SET "browserLanguage" = 'fr' WHERE "id" = $1`, [byBrowser.user.id]);
    const phones = [push.subscription(), push.subscription()];
    for (const [who, phone] of [
      [french, phones[0]],
      [english, phones[1]],
    ] as const) {
      const reply = await who.client.post('/api/push/subscriptions', {
        endpoint: phone.endpoint,
        keys: phone.keys,
      });
      expect(reply.status).toBe(201);
      expect(
        (await who.client.put('/api/account/notification-settings', { like: { push: true } })).status,
      ).toBe(200);
    }
    const posts = await Promise.all(
      [french, byBrowser, english].map((who) => makePost(who, { content: 'Flèche au sabre, remise' })),
    );
    const sockets = await Promise.all([french, byBrowser, english].map((who) => socketOf(who)));
    const live = sockets.map((socket) => nextEvent(socket, 'notification'));

    for (const post of posts)
      expect((await fan.client.post('/api/likes', { postId: post.id })).status).toBe(201);

    const [liveFrench, liveByBrowser, liveEnglish] = await Promise.all(live);
    expect(liveFrench.message).toBe('Aline a aimé votre publication');
    expect(liveByBrowser.message).toBe('Aline a aimé votre publication');
    expect(liveEnglish.message).toBe('Aline liked your post');
    expect(await messagesOf(french)).toEqual(['Aline a aimé votre publication']);
    expect(await messagesOf(english)).toEqual(['Aline liked your post']);

    const [[frenchPush], [englishPush]] = await Promise.all(phones.map((phone) => push.waitFor(phone)));
    expect(frenchPush.payload).toMatchObject({
      title: 'Aline a aimé votre publication',
      body: 'Flèche au sabre, remise',
    });
    expect(englishPush.payload).toMatchObject({
      title: 'Aline liked your post',
      body: 'Flèche au sabre, remise',
    });
  });

  it('shows a fencer who switches language the notifications they already have in the new one', async () => {
    const [reader, fan] = await Promise.all([makeUser(t), makeUser(t, { name: 'Bruno' })]);
    const post = await makePost(reader);
    await fan.client.post('/api/likes', { postId: post.id });
    await fan.client.post('/api/comments', { postId: post.id, content: 'Belle parade' });
    await fan.client.post('/api/friend-requests', { receiverId: reader.user.id });
    // One stored before notifications kept a kind: it keeps the English it was written in.
    await db.query(
      `INSERT INTO notifications ("recipientId", "type", "message", "createdAt")
       VALUES ($1, 'other', 'Your data export is ready to download.', now() - interval '1 day')`,
      [reader.user.id],
    );
    const english = [
      'Bruno sent you a connection request',
      'Bruno commented on your post',
      'Bruno liked your post',
      'Your data export is ready to download.',
    ];
    expect(await messagesOf(reader)).toEqual(english);

    await chooseLanguage(reader, 'fr');
    const french = [
      'Bruno vous a envoyé une demande de mise en relation',
      'Bruno a commenté votre publication',
      'Bruno a aimé votre publication',
      'Your data export is ready to download.',
    ];
    expect(await messagesOf(reader, { 'accept-language': 'en' })).toEqual(french);

    // With no language chosen, the list follows the browser's.
    await chooseLanguage(reader, null);
    expect(await messagesOf(reader)).toEqual(english);
    expect(await messagesOf(reader, { 'accept-language': 'fr-FR,fr;q=0.9' })).toEqual(french);
  });

  it('reads the English texts of notifications stored before kinds back into kinds, where they read as one', async () => {
    const [reader, bruno, nameless] = await Promise.all([
      makeUser(t),
      makeUser(t, { name: 'Bruno' }),
      makeUser(t),
    ]);
    const old: Array<[type: string, actor: TestUser | null, message: string]> = [
      ['like', bruno, 'Bruno liked your post'],
      ['other', bruno, 'Bruno disliked your post'],
      ['mention', nameless, `${nameless.user.username} mentioned you in a comment`],
      ['event', bruno, 'Bruno is going to Challenge is going to Lyon'],
      ['club', bruno, 'Bruno asks to join Salle d’armes (épée, sabre)'],
      ['club', null, 'You are now a coach of CE Paris'],
      ['bout', bruno, 'Bruno logged a bout against you (3–5): confirm or dispute it'],
      ['other', null, 'Your data export is ready to download.'],
      // Renamed since: the text no longer starts with the name kept beside it.
      ['like', bruno, 'Bruno B. liked your post'],
      ['other', null, 'Something Piste said once'],
    ];
    for (const [i, [type, actor, message]] of old.entries()) {
      // A fencer without a display name was named by their username.
      const actorName = actor === nameless ? '' : (actor?.user.name ?? null);
      await db.query(
        `INSERT INTO notifications ("recipientId", "type", "actorId", "actorName", "message", "createdAt")
         VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6))`,
        [reader.user.id, type, actor?.user.id ?? null, actorName, message, i + 1],
      );
    }
    await readOldTexts({ query: (sql: string, params?: unknown[]) => db.query(sql, params) });

    expect(await messagesOf(reader)).toEqual(old.map(([, , message]) => message));
    await chooseLanguage(reader, 'fr');
    expect(await messagesOf(reader)).toEqual([
      'Bruno a aimé votre publication',
      'Bruno n’a pas aimé votre publication',
      `${nameless.user.username} vous a mentionné dans un commentaire`,
      'Bruno participe à Challenge is going to Lyon',
      'Bruno demande à rejoindre Salle d’armes (épée, sabre)',
      'Vous êtes maintenant maître d’armes de CE Paris',
      'Bruno a noté un assaut contre vous (3–5)\u202f: confirmez-le ou contestez-le',
      'L’export de vos données est prêt à être téléchargé.',
      'Bruno B. liked your post',
      'Something Piste said once',
    ]);
  });
});
