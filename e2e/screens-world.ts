/**
 * The club the screens journey shows: Ana has posted in every feed, Ben is connected with her, writes to her,
 * likes and comments on her drill and posts what she reports (a post, his comment on it, a message of his);
 * Cleo asks her to connect, Dora is someone to discover, whom she reports too; an admin has the reports in the
 * queue. Ana has confirmed her address, asked to move to a new one, is signed in on her phone too, has two
 * passkeys, and has asked for an export of her data; Eli has just joined and not confirmed his yet. Every tab is
 * open at desktop size in the light theme.
 */
import type { APIRequestContext } from 'playwright-core';
import { makePng } from '../backend/test/media-fixtures';
import { SoftAuthenticator } from '../backend/test/soft-authenticator';
import {
  connect,
  createPost,
  logInByApi,
  ok,
  PASSWORD,
  reportItem,
  reportPost,
  sendMessage,
  uniqueName,
  uploadPostMedia,
  type Fencer,
  type Profile,
} from './api';
import type { Journey, Tab } from './journey';
import { linkIn, waitForMail } from './mail';
import { SCREEN_TAB } from './screen-checks';
import { live } from './ui';

/** Ana's phone, as the Security tab lists it. */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

export interface ScreensWorld {
  /** Signed out. */
  visitor: Tab;
  /** The fencer whose screens are checked. */
  ana: Tab & { user: Fencer };
  ben: { request: APIRequestContext; user: Fencer };
  admin: Tab;
  /** A fencer who has not confirmed his address yet. */
  newcomer: Tab & { user: Fencer };
  drill: { id: string; content: string };
  reportedContent: string;
  /** Ana's club, which Ben has joined. */
  club: { slug: string; name: string };
  /** Her club's competition in three weeks, which Ben is going to. */
  event: { id: string; title: string };
}

/** A club member, `{first} Duval`, with everything the profile screens show filled in. */
function duval(first: string): Profile {
  return {
    name: `${first} Duval`,
    title: 'Épée fencer',
    bio: 'Fences at the city club three nights a week.',
    location: 'Lyon',
  };
}

function signUpDuval(journey: Journey, first: string) {
  return journey.signUpByApi(first.toLowerCase(), duval(first), SCREEN_TAB);
}

/** Ana posts in every feed: a picture, an achievement, a drill, foil and sabre. Returns the drill. */
async function postInEveryFeed(request: APIRequestContext): Promise<ScreensWorld['drill']> {
  const image = await uploadPostMedia(request, makePng(960, 540, [37, 99, 235]), 'image/png', 'bout.png');
  await createPost(request, {
    content: 'Morning bout review: my counter-attacks to the wrist are finally landing.',
    mediaUrl: image,
    mediaType: 'image',
  });
  await createPost(request, {
    type: 'achievement',
    content: 'Gold at the regional open after a long final.',
    achievementDetails: { place: '1st', score: '15-12', competition: 'Regional Open', competitors: 64 },
  });
  // A hashtag is one long word with no break in it: every screen that shows the drill must wrap it, not
  // scroll sideways.
  const content = `Lunge ladder ${uniqueName('drill')}: five lunges, one step further each time. #lungeladderfivelungesonestepfurthereachtime`;
  const { id } = await createPost(request, {
    type: 'drill',
    content,
    drillDetails: {
      duration: '15 minutes',
      level: 'Beginner',
      equipment: 'Épée, mask, partner',
      focus: 'Distance',
    },
  });
  await createPost(request, { weapon: 'foil', content: 'Foil right of way finally makes sense to me.' });
  await createPost(request, {
    weapon: 'foil',
    content: 'Club night moved to Thursday, see you there.',
    visibility: 'connections',
  });
  await createPost(request, {
    weapon: 'sabre',
    content: 'Sabre footwork circuit: ten rounds of advance-lunge.',
  });
  return { id, content };
}

export async function buildScreensWorld(journey: Journey): Promise<ScreensWorld> {
  const ana = await signUpDuval(journey, 'Ana');
  const drill = await postInEveryFeed(ana.context.request);
  await settleAnasAccount(journey, ana);

  // Ana has the feed open, live, so what follows reaches her as notifications.
  await ana.page.goto('/epee');
  await live(ana.page);

  const benTab = await signUpDuval(journey, 'Ben');
  const ben = { request: benTab.context.request, user: benTab.user };
  await connect(ben.request, ana.context.request);
  const pushyMessage = await ok<{ message: { id: string } }>(
    ben.request.post('/api/messages', {
      data: { receiverId: ana.user.id, content: 'Blades at half price, pay me today or lose the deal.' },
    }),
  );
  await sendMessage(ben.request, ana.user.id, 'Training tonight at seven?');
  await sendMessage(ben.request, ana.user.id, 'Bring the spare mask, please.');
  await ok(ben.request.post('/api/likes', { data: { postId: drill.id } }));
  await ok(
    ben.request.post('/api/comments', {
      data: { postId: drill.id, content: 'Great ladder, trying it tonight!' },
    }),
  );
  // Ana fixes her drill (the card says "edited" and keeps the first text), Ben names her in a post, and Ana
  // keeps the drill, mutes a word for a day and a fencer for good.
  await ok(
    ana.context.request.patch(`/api/posts/${drill.id}`, {
      data: { content: `${drill.content} Rest a minute between sets.` },
    }),
  );
  await createPost(ben.request, {
    content: `Thanks @${ana.user.username} for the #lungeladder, my legs will remember it.`,
  });
  await ok(ana.context.request.post('/api/saves', { data: { postId: drill.id } }));
  const reportedContent = `Cheap blades, message me ${uniqueName('spam')}`;
  const reported = await createPost(ben.request, { content: reportedContent });
  const pushyComment = await ok<{ id: string }>(
    ben.request.post('/api/comments', {
      data: { postId: reported.id, content: 'Half price this week only, cash.' },
    }),
  );

  // Ana runs a club, open to join; Ben is a member.
  const created = await ok<{ club: { id: string; slug: string; name: string } }>(
    ana.context.request.post('/api/clubs', {
      data: {
        name: 'Salle Duval Lyon',
        city: 'Lyon',
        country: 'FR',
        weapons: ['epee', 'foil'],
        description: 'Épée and foil, Tuesday and Thursday nights. Beginners welcome on Thursdays.',
        joinPolicy: 'open',
      },
    }),
  );
  const club = { slug: created.club.slug, name: created.club.name };
  await ok(ben.request.post(`/api/clubs/${club.slug}/join`));
  const event = await addClubCompetition(ana.context.request, created.club.id);
  await ok(ben.request.put(`/api/events/${event.id}/attendance`, { data: { status: 'going' } }));
  await addAnasRecord(ana.context.request, ben);

  const cleo = await signUpDuval(journey, 'Cleo');
  await ok(cleo.context.request.post('/api/friend-requests', { data: { receiverId: ana.user.id } }));
  const dora = await signUpDuval(journey, 'Dora');
  await reportPost(ana.context.request, reported.id);
  // One report of each kind waits in the admin's queue: the post, a comment, a message and a fencer.
  await reportItem(ana.context.request, 'comment', pushyComment.id, 'spam');
  await reportItem(
    ana.context.request,
    'message',
    pushyMessage.message.id,
    'spam',
    'He keeps pushing me to buy.',
  );
  await reportItem(ana.context.request, 'user', dora.user.id, 'impersonation');
  await ok(ana.context.request.post('/api/mutes', { data: { userId: dora.user.id } }));
  await ok(
    ana.context.request.put('/api/account/muted-words', {
      data: [
        { word: 'spoiler', expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString() },
        { word: 'Olympic final' },
      ],
    }),
  );
  await Promise.all([cleo.context.close(), dora.context.close()]);
  // The friend request, its acceptance, the messages, the like, the comment and Cleo's request.
  await ana.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();

  const admin = await journey.newTab(SCREEN_TAB);
  await logInByApi(admin.context.request, journey.admin.username, journey.admin.password);
  const visitor = await journey.newTab(SCREEN_TAB);
  const newcomer = await journey.signUpByApi('eli', { name: 'Eli Martin' }, SCREEN_TAB);
  return { visitor, ana, ben, admin, newcomer, drill, reportedContent, club, event };
}

/** Ana's ratings (USA Fencing in épée, shown beside her name; FIE in foil) and a pool bout Ben confirmed. */
async function addAnasRecord(
  request: APIRequestContext,
  ben: { request: APIRequestContext; user: Fencer },
): Promise<void> {
  const ratings = [
    { weapon: 'epee', system: 'USAF', value: 'B24' },
    { weapon: 'foil', system: 'FIE', value: '212' },
  ];
  await ok(request.put('/api/account/record', { data: { ratings, recordVisibility: 'everyone' } }));
  const bout = await ok<{ id: string }>(
    request.post('/api/bouts', {
      data: {
        weapon: 'epee',
        opponentId: ben.user.id,
        scoreFor: 5,
        scoreAgainst: 3,
        won: true,
        kind: 'pool',
        date: new Date().toISOString().slice(0, 10),
        notes: 'Counter-attacks to the wrist finally landed.',
      },
    }),
  );
  await ok(ben.request.post(`/api/bouts/${bout.id}/confirm`));
}

/** Ana's club holds a two-day competition in three weeks, in Lyon, on Paris time. */
async function addClubCompetition(
  request: APIRequestContext,
  clubId: string,
): Promise<ScreensWorld['event']> {
  const day = new Date(Date.now() + 21 * 24 * 3600_000).toISOString().slice(0, 10);
  const next = new Date(Date.parse(day) + 24 * 3600_000).toISOString().slice(0, 10);
  const created = await ok<{ event: { id: string; title: string } }>(
    request.post('/api/events', {
      data: {
        title: 'Challenge Duval: Épée and Foil Open',
        kind: 'competition',
        startsAt: `${day}T07:30:00Z`,
        endsAt: `${next}T16:00:00Z`,
        timezone: 'Europe/Paris',
        venue: 'Gymnase Jean Jaurès',
        city: 'Lyon',
        country: 'FR',
        weapons: ['epee', 'foil'],
        categories: ['U17', 'Seniors', 'Veterans'],
        url: 'https://example.com/challenge-duval',
        description: 'Pools on Saturday, direct elimination on Sunday. Bring your own body wires.',
        clubId,
      },
    }),
  );
  return { id: created.event.id, title: created.event.title };
}

/**
 * Ana follows the link mailed at registration, asks to move to a new address (its link not followed yet), signs
 * in on her phone too, and asks for an export of her data (ready within seconds).
 */
async function settleAnasAccount(journey: Journey, ana: Tab & { user: Fencer }): Promise<void> {
  const { request } = ana.context;
  const mail = await waitForMail(journey.outbox(), `${ana.user.username}@example.com`, {
    subject: /confirm/i,
  });
  const token = new URL(linkIn(mail, '/verify-email'), journey.app.url).searchParams.get('token');
  await ok(request.post('/api/account/verify-email', { data: { token } }));
  await ok(
    request.post('/api/account/email', {
      data: { email: `${ana.user.username}.club@example.com`, password: PASSWORD },
    }),
  );
  const phone = await journey.browser.newContext({ baseURL: journey.app.url, userAgent: PHONE_AGENT });
  await logInByApi(phone.request, ana.user.username);
  await phone.close();
  await addPasskeys(journey, request, ['Pixel 9', 'Work laptop']);
  await ok(request.post('/api/account/export'));
}

/**
 * Passkeys named `names`, each made by an authenticator in software as a browser on the app's public address
 * would (its PUBLIC_URL: the default, localhost on its port), so the tabs on 127.0.0.1 can list them.
 */
async function addPasskeys(journey: Journey, request: APIRequestContext, names: string[]): Promise<void> {
  for (const name of names) {
    const authenticator = new SoftAuthenticator(`http://localhost:${journey.app.port}`);
    const options = await ok<{ challenge: string; user: { id: string } }>(
      request.post('/api/account/passkeys/options'),
    );
    await ok(
      request.post('/api/account/passkeys', { data: { response: authenticator.create(options), name } }),
    );
  }
}
