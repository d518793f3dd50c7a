import type {
  Bout,
  BoutsPage,
  CreateBoutPayload,
  FeedPost,
  FencerRecord,
  HeadToHead,
  RecordSettings,
  SearchReply,
  ServerNotification,
} from '@piste/contracts';
import {
  connectUsers,
  makePost,
  makeUser,
  nextEvent,
  storeBlock,
  useTestApp,
  type TestUser,
} from './helpers';
import { useSockets } from './sockets';

const t = useTestApp();

const today = new Date().toISOString().slice(0, 10);

function logBout(by: TestUser, against: TestUser | string, bout: Partial<CreateBoutPayload> = {}) {
  return by.client.post<Bout>('/api/bouts', {
    weapon: 'epee',
    ...(typeof against === 'string' ? { opponentName: against } : { opponentId: against.user.id }),
    scoreFor: 5,
    scoreAgainst: 3,
    won: true,
    kind: 'pool',
    date: today,
    ...bout,
  });
}

const recordOf = (viewer: TestUser, of: TestUser) =>
  viewer.client.get<FencerRecord>(`/api/profiles/${of.user.username}/record`);
const boutsOf = (viewer: TestUser, of: TestUser) =>
  viewer.client.get<BoutsPage>(`/api/profiles/${of.user.username}/bouts`);
const headToHead = (viewer: TestUser, of: TestUser) =>
  viewer.client.get<HeadToHead>(`/api/profiles/${of.user.username}/head-to-head`);

describe('ratings', () => {
  it('are checked by their system, and the first shows beside the name while everyone may see it', async () => {
    const fencer = await makeUser(t);
    const settings = (ratings: unknown[], recordVisibility = 'everyone') =>
      fencer.client.put<RecordSettings>('/api/account/record', { ratings, recordVisibility });

    const refused: Array<[unknown[], string]> = [
      [[{ weapon: 'epee', system: 'USAF', value: 'F24' }], 'A USAF rating is a letter A to E'],
      [[{ weapon: 'epee', system: 'BF', value: 'B2024' }], 'A BF rating is a letter A to E'],
      [[{ weapon: 'foil', system: 'FIE', value: 'top ten' }], 'An FIE world rank is a number'],
      [
        [
          { weapon: 'epee', system: 'USAF', value: 'B24' },
          { weapon: 'epee', system: 'USAF', value: 'C23' },
        ],
        'One rating per weapon and system',
      ],
      [[{ weapon: 'lance', system: 'USAF', value: 'B24' }], 'Weapon must be epee, foil or sabre'],
    ];
    for (const [ratings, message] of refused) {
      const res = await settings(ratings);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }

    const saved = await settings([
      { weapon: 'epee', system: 'USAF', value: 'b24' },
      { weapon: 'foil', system: 'FIE', value: '12' },
      { weapon: 'sabre', system: 'BF', value: 'U' },
      { weapon: 'sabre', system: 'other', value: 'Regional #3' },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.ratings[0]).toEqual({ weapon: 'epee', system: 'USAF', value: 'B24' });

    const post = await makePost(fencer, { content: `Ratings day ${fencer.user.username}` });
    expect(post.author.rating).toBe('B24');
    const reader = await makeUser(t);
    const found = await reader.client.get<SearchReply>(`/api/search?q=${fencer.user.username}&type=users`);
    expect(found.body.users.find((u) => u.id === fencer.user.id)?.rating).toBe('B24');
    expect((await recordOf(reader, fencer)).body).toMatchObject({
      visible: true,
      ratings: saved.body.ratings,
    });

    // Shown to connections only: no list carries it, and a stranger's record card is closed.
    await settings(saved.body.ratings, 'connections');
    const again = await reader.client.get<FeedPost>(`/api/posts/id/${post.id}`);
    expect(again.body.author).not.toHaveProperty('rating');
    expect((await recordOf(reader, fencer)).body).toEqual({
      visible: false,
      sharedWith: 'connections',
      ratings: [],
      totals: [],
    });
    await connectUsers(t, reader, fencer);
    expect((await recordOf(reader, fencer)).body.ratings).toHaveLength(4);
  });

  it('start shared with connections only for youth fencers', async () => {
    const youth = await makeUser(t, { role: 'youth' });
    expect((await youth.client.get<RecordSettings>('/api/account/record')).body).toEqual({
      ratings: [],
      recordVisibility: 'connections',
    });
    const stranger = await makeUser(t);
    expect((await recordOf(stranger, youth)).body.visible).toBe(false);
    expect((await boutsOf(stranger, youth)).status).toBe(403);
  });
});

describe('bouts', () => {
  const socketOf = useSockets(t);

  it('follow the format: touch limits, who won, a 4–4 pool bout on priority, no bout against oneself', async () => {
    const [a, b] = await Promise.all([makeUser(t), makeUser(t)]);
    const cases: Array<[Partial<CreateBoutPayload>, number, string?]> = [
      [{ scoreFor: 6, scoreAgainst: 2 }, 400, 'A pool bout goes to 5 touches at most'],
      [
        { kind: 'de', scoreFor: 16, scoreAgainst: 12 },
        400,
        'A direct elimination bout goes to 15 touches at most',
      ],
      [{ kind: 'practice', scoreFor: 46, scoreAgainst: 0 }, 400, 'goes to 45 touches at most'],
      [{ scoreFor: 5, scoreAgainst: 3, won: false }, 400, 'The score says who won'],
      [{ date: '2999-01-01' }, 400, 'A bout cannot be in the future'],
      [{ date: '26/11/2026' }, 400, 'Date must be a day'],
      [{ kind: 'de', scoreFor: 15, scoreAgainst: 14 }, 201],
      [{ kind: 'practice', scoreFor: 45, scoreAgainst: 40 }, 201],
      [{ scoreFor: 4, scoreAgainst: 4, won: true }, 201],
    ];
    for (const [bout, status, message] of cases) {
      const res = await logBout(a, b, bout);
      expect([bout, res.status]).toEqual([bout, status]);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await logBout(a, a)).status).toBe(400);
    // A bout fenced at an event names it; an event that does not exist is refused.
    const event = await a.client.post<{ event: { id: string } }>('/api/events', {
      title: 'Club night',
      kind: 'training',
      startsAt: `${today}T18:00:00Z`,
      endsAt: `${today}T21:00:00Z`,
      timezone: 'Europe/Paris',
      city: 'Lyon',
      country: 'FR',
      weapons: ['epee'],
    });
    const atEvent = await logBout(a, b, { eventId: event.body.event.id });
    expect(atEvent.body.eventId).toBe(event.body.event.id);
    const nowhere = await logBout(a, b, { eventId: '00000000-0000-4000-8000-000000000000' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body).toEqual({ message: 'Unknown event', code: 'record.unknown_event' });
    const both = await a.client.post('/api/bouts', {
      weapon: 'epee',
      opponentId: b.user.id,
      opponentName: 'Also a name',
      scoreFor: 5,
      scoreAgainst: 1,
      won: true,
      kind: 'pool',
      date: today,
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('Choose the opponent');
  });

  it('against a Piste fencer wait for them to confirm, and only confirmed bouts count', async () => {
    const [a, b, stranger] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
    const socket = await socketOf(b);
    const told = nextEvent(socket, 'notification', (n: ServerNotification) => n.type === 'bout');
    const logged = await logBout(a, b, { scoreFor: 5, scoreAgainst: 2, notes: 'Kept my distance' });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({
      status: 'unconfirmed',
      loggedBy: 'self',
      scoreFor: 5,
      scoreAgainst: 2,
      won: true,
      opponent: { id: b.user.id },
    });
    expect(await told).toMatchObject({
      type: 'bout',
      message: `${a.user.name || a.user.username} logged a bout against you (2–5): confirm or dispute it`,
      path: `/u/${b.user.username}#bouts`,
    });
    // B sees it from their side, waiting for them; a stranger does not see it yet, and nothing counts.
    const bSide = (await boutsOf(b, b)).body.bouts;
    expect(bSide[0]).toMatchObject({
      id: logged.body.id,
      loggedBy: 'opponent',
      scoreFor: 2,
      scoreAgainst: 5,
      won: false,
    });
    expect((await boutsOf(stranger, a)).body.bouts).toEqual([]);
    expect((await recordOf(stranger, a)).body.totals).toEqual([]);

    expect((await a.client.post(`/api/bouts/${logged.body.id}/confirm`)).status).toBe(403);
    expect((await stranger.client.post(`/api/bouts/${logged.body.id}/confirm`)).status).toBe(404);
    const aSocket = await socketOf(a);
    const answered = nextEvent(aSocket, 'notification', (n: ServerNotification) => n.type === 'bout');
    const confirmed = await b.client.post<Bout>(`/api/bouts/${logged.body.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', scoreFor: 2, won: false });
    expect((await answered).message).toBe(`${b.user.name || b.user.username} confirmed your bout`);
    expect((await b.client.post(`/api/bouts/${logged.body.id}/dispute`)).status).toBe(409);

    expect((await recordOf(stranger, a)).body.totals).toEqual([
      { weapon: 'epee', bouts: 1, wins: 1, losses: 0, touchesFor: 5, touchesAgainst: 2, indicator: 3 },
    ]);
    expect((await recordOf(stranger, b)).body.totals).toEqual([
      { weapon: 'epee', bouts: 1, wins: 0, losses: 1, touchesFor: 2, touchesAgainst: 5, indicator: -3 },
    ]);
    expect((await boutsOf(stranger, a)).body.bouts.map((bout) => bout.id)).toEqual([logged.body.id]);

    // A disputed bout never counts; one against a name counts as its fencer logged it.
    const disputed = await logBout(a, b, { weapon: 'foil' });
    expect((await b.client.post<Bout>(`/api/bouts/${disputed.body.id}/dispute`)).body.status).toBe(
      'disputed',
    );
    const named = await logBout(a, 'Marie Curie', {
      weapon: 'sabre',
      scoreFor: 1,
      scoreAgainst: 5,
      won: false,
    });
    expect(named.body).toMatchObject({ status: 'recorded', opponent: null, opponentName: 'Marie Curie' });
    expect((await recordOf(stranger, a)).body.totals.map((row) => [row.weapon, row.bouts])).toEqual([
      ['epee', 1],
      ['sabre', 1],
    ]);
    expect((await boutsOf(stranger, a)).body.bouts.map((bout) => bout.status)).toEqual([
      'recorded',
      'confirmed',
    ]);

    // Only the fencer who logged a bout deletes it.
    expect((await b.client.delete(`/api/bouts/${named.body.id}`)).status).toBe(404);
    expect((await b.client.delete(`/api/bouts/${disputed.body.id}`)).status).toBe(403);
    expect((await a.client.delete(`/api/bouts/${disputed.body.id}`)).status).toBe(204);
  });

  it('compare two fencers head to head, each view the mirror of the other', async () => {
    const [a, b] = await Promise.all([makeUser(t), makeUser(t)]);
    const won = await logBout(a, b, { scoreFor: 5, scoreAgainst: 3 });
    const lost = await logBout(a, b, { scoreFor: 2, scoreAgainst: 5, won: false });
    const de = await logBout(b, a, { kind: 'de', scoreFor: 15, scoreAgainst: 10 });
    const foil = await logBout(b, a, { weapon: 'foil', scoreFor: 4, scoreAgainst: 4, won: false });
    const waiting = await logBout(a, b, { scoreFor: 5, scoreAgainst: 0 });
    for (const bout of [won, lost]) await b.client.post(`/api/bouts/${bout.body.id}/confirm`);
    for (const bout of [de, foil]) await a.client.post(`/api/bouts/${bout.body.id}/confirm`);

    const fromA = (await headToHead(a, b)).body;
    const fromB = (await headToHead(b, a)).body;
    expect(fromA.totals).toEqual([
      { weapon: 'epee', bouts: 3, wins: 1, losses: 2, touchesFor: 17, touchesAgainst: 23, indicator: -6 },
      // B logged a 4–4 foil bout lost on priority: A won it.
      { weapon: 'foil', bouts: 1, wins: 1, losses: 0, touchesFor: 4, touchesAgainst: 4, indicator: 0 },
    ]);
    const mirror = fromA.totals.map((row) => ({
      weapon: row.weapon,
      bouts: row.bouts,
      wins: row.losses,
      losses: row.wins,
      touchesFor: row.touchesAgainst,
      touchesAgainst: row.touchesFor,
      indicator: row.touchesAgainst - row.touchesFor,
    }));
    expect(fromB.totals).toEqual(mirror);
    expect(fromA.bouts.map((bout) => bout.id).sort()).toEqual(
      [won, lost, de, foil].map((bout) => bout.body.id).sort(),
    );
    expect(fromA.bouts.map((bout) => bout.id)).not.toContain(waiting.body.id);
    const deFromA = fromA.bouts.find((bout) => bout.id === de.body.id)!;
    const deFromB = fromB.bouts.find((bout) => bout.id === de.body.id)!;
    expect([deFromA.scoreFor, deFromA.scoreAgainst, deFromA.won]).toEqual([10, 15, false]);
    expect([deFromB.scoreFor, deFromB.scoreAgainst, deFromB.won]).toEqual([15, 10, true]);
    expect((await headToHead(a, a)).status).toBe(400);
  });

  it('follow the fencer’s privacy and blocks on every route', async () => {
    const [owner, friend, stranger, blocked, rival] = await Promise.all([
      makeUser(t),
      makeUser(t),
      makeUser(t),
      makeUser(t),
      makeUser(t),
    ]);
    await connectUsers(t, owner, friend);
    const bout = await logBout(friend, owner);
    await owner.client.post(`/api/bouts/${bout.body.id}/confirm`);
    await owner.client.put('/api/account/record', { ratings: [], recordVisibility: 'connections' });

    for (const route of [boutsOf, headToHead]) {
      expect((await route(friend, owner)).status).toBe(200);
      const refused = await route(stranger, owner);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: 'This fencer shares their record with their connections only',
        code: 'record.connections_only',
      });
    }
    await owner.client.put('/api/account/record', { ratings: [], recordVisibility: 'private' });
    expect((await boutsOf(friend, owner)).body).toEqual({
      message: 'This fencer keeps their record private',
      code: 'record.private',
    });
    expect((await recordOf(friend, owner)).body.visible).toBe(false);
    expect((await boutsOf(owner, owner)).body.bouts).toHaveLength(1);
    await owner.client.put('/api/account/record', { ratings: [], recordVisibility: 'everyone' });

    // Across a block, the fencer is not there, and nobody can log a bout against them.
    await storeBlock(t, owner, blocked);
    for (const route of [boutsOf, headToHead, recordOf])
      expect((await route(blocked, owner)).status).toBe(404);
    expect((await logBout(blocked, owner)).status).toBe(404);
    // A list never shows a bout with someone on the other side of a block from the reader.
    const rivalBout = await logBout(rival, friend);
    await friend.client.post(`/api/bouts/${rivalBout.body.id}/confirm`);
    await storeBlock(t, stranger, rival);
    const seen = (await boutsOf(stranger, friend)).body.bouts.map((row) => row.id);
    expect(seen).toContain(bout.body.id);
    expect(seen).not.toContain(rivalBout.body.id);
  });
});
