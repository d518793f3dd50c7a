import { randomBytes } from 'node:crypto';
import {
  NUL_MESSAGE,
  SEARCH_TEXT_REQUIRED,
  type FeedPost,
  type SearchReply,
  type SearchUser,
} from '@piste/contracts';
import { ApiClient, makePost, uniqueName, type Reply, type TestUser, useTestApp } from './helpers';
import { insertUser } from './factories';

/** A word no other test writes: letters only, so it stays one word for the search index. */
function uniqueWord(prefix = 'zq'): string {
  const letters = Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${prefix}${letters}`;
}

function search(
  who: TestUser | ApiClient,
  params: Record<string, string | number>,
): Promise<Reply<SearchReply>> {
  const client = who instanceof ApiClient ? who : who.client;
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return client.get<SearchReply>(`/api/search?${query.toString()}`);
}

const postIds = (reply: Reply<SearchReply>) => reply.body.posts.map((p: FeedPost) => p.id);
const userIds = (reply: Reply<SearchReply>) => reply.body.users.map((u: SearchUser) => u.id);

describe('search', () => {
  const t = useTestApp();
  let reader: TestUser;
  beforeAll(async () => {
    reader = await insertUser(t);
  });

  describe('posts', () => {
    it('finds a post by a word of its content, in the feed shape with the viewer reactions', async () => {
      const author = await insertUser(t);
      const word = uniqueWord();
      const post = await makePost(author, { content: `Footwork ladder ${word} before the bout` });
      await reader.client.post('/api/likes', { postId: post.id });

      const reply = await search(reader, { q: word });
      expect(reply.status).toBe(200);
      expect(reply.body.posts).toEqual([
        expect.objectContaining({
          id: post.id,
          content: post.content,
          author: expect.objectContaining({ id: author.user.id, username: author.user.username }),
          isLiked: true,
          isDisliked: false,
          likesCount: 1,
        }),
      ]);
      expect(reply.body.nextCursor).toBeNull();
    });

    it('finds a drill by a word that is only in its details, and an achievement by its competition', async () => {
      const author = await insertUser(t);
      const focusWord = uniqueWord();
      const competitionWord = uniqueWord();
      const drill = await makePost(author, {
        type: 'drill',
        content: 'Ten minutes every morning',
        drillDetails: { focus: `Parry riposte ${focusWord}`, level: 'Beginner', duration: '10 min' },
      });
      const achievement = await makePost(author, {
        type: 'achievement',
        content: 'Podium!',
        achievementDetails: { competition: `${competitionWord} Open`, place: '2nd', competitors: 48 },
      });

      await expect(search(reader, { q: focusWord }).then(postIds)).resolves.toEqual([drill.id]);
      await expect(search(reader, { q: `${competitionWord} open` }).then(postIds)).resolves.toEqual([
        achievement.id,
      ]);
    });

    it('matches the start of a word as the user types, and needs every word', async () => {
      const author = await insertUser(t);
      const word = uniqueWord();
      const post = await makePost(author, { content: `Compound attacks ${word} drilling` });

      await expect(search(reader, { q: word.slice(0, 6) }).then(postIds)).resolves.toContain(post.id);
      // One or two letters must be a whole word: a single keystroke does not match every post.
      await expect(search(reader, { q: word.slice(0, 2) }).then(postIds)).resolves.not.toContain(post.id);
      await expect(search(reader, { q: `${word} dril` }).then(postIds)).resolves.toEqual([post.id]);
      await expect(search(reader, { q: `${word} sabre` }).then(postIds)).resolves.toEqual([]);
    });

    it('ignores accents and case both ways', async () => {
      const author = await insertUser(t);
      const [first, second, third] = [uniqueWord(), uniqueWord(), uniqueWord()];
      const accented = await makePost(author, { content: `Épée point control ${first}` });
      const plain = await makePost(author, { content: `epee footwork ${second}` });
      const undecomposable = await makePost(author, { content: `Łódź straße Ørsted Æbeltoft ${third}` });

      await expect(search(reader, { q: `epee ${first}` }).then(postIds)).resolves.toEqual([accented.id]);
      await expect(search(reader, { q: `ÉPÉE ${second}` }).then(postIds)).resolves.toEqual([plain.id]);
      // The same letters written decomposed (e + combining acute), as some keyboards send them.
      await expect(search(reader, { q: `e\u0301pe\u0301e ${second}` }).then(postIds)).resolves.toEqual([
        plain.id,
      ]);
      await expect(
        search(reader, { q: `lodz strasse orsted aebeltoft ${third}` }).then(postIds),
      ).resolves.toEqual([undecomposable.id]);
    });

    it('ranks the more relevant post first, then the newer one', async () => {
      const author = await insertUser(t);
      const word = uniqueWord();
      const inDetails = await makePost(author, {
        type: 'drill',
        content: 'Morning session',
        drillDetails: { focus: word },
      });
      const once = await makePost(author, { content: `One mention of ${word}` });
      const thrice = await makePost(author, { content: `${word}, ${word} and again ${word}` });
      const onceNewer = await makePost(author, { content: `One mention of ${word}` });

      await expect(search(reader, { q: word }).then(postIds)).resolves.toEqual([
        thrice.id,
        onceNewer.id,
        once.id,
        inDetails.id,
      ]);
    });

    it('pages with before, the last post shown, without repeating or skipping any', async () => {
      const author = await insertUser(t);
      const word = uniqueWord();
      const posts: FeedPost[] = [];
      for (let i = 0; i < 5; i++) posts.push(await makePost(author, { content: `Lunge ${word} number` }));
      const newestFirst = posts.map((p) => p.id).reverse();

      const first = await search(reader, { q: word, type: 'posts', limit: 2 });
      expect(postIds(first)).toEqual(newestFirst.slice(0, 2));
      expect(first.body.nextCursor).toBe(newestFirst[1]);
      const second = await search(reader, {
        q: word,
        type: 'posts',
        limit: 2,
        before: first.body.nextCursor!,
      });
      expect(postIds(second)).toEqual(newestFirst.slice(2, 4));
      const third = await search(reader, {
        q: word,
        type: 'posts',
        limit: 2,
        before: second.body.nextCursor!,
      });
      expect(postIds(third)).toEqual(newestFirst.slice(4));
      expect(third.body.nextCursor).toBeNull();
    });

    it('refuses a cursor that is not a post the viewer may see, and before without type=posts', async () => {
      const word = uniqueWord();
      await expect(
        search(reader, { q: word, type: 'posts', before: '00000000-0000-4000-8000-000000000000' }),
      ).resolves.toMatchObject({ status: 400, body: { message: 'Unknown post in before' } });
      await expect(search(reader, { q: word, type: 'posts', before: 'x' })).resolves.toMatchObject({
        status: 400,
        body: { message: 'Invalid id' },
      });
      const author = await insertUser(t);
      const post = await makePost(author, { content: word });
      await expect(search(reader, { q: word, before: post.id })).resolves.toMatchObject({
        status: 400,
        body: { message: 'Use before only with type=posts' },
      });
    });

    it('leaves out posts the viewer hid, for that viewer only', async () => {
      const author = await insertUser(t);
      const hider = await insertUser(t);
      const word = uniqueWord();
      const post = await makePost(author, { content: `Hidden drill ${word}` });
      await expect(hider.client.post('/api/hide-post', { postId: post.id })).resolves.toMatchObject({
        status: 200,
      });

      await expect(search(hider, { q: word }).then(postIds)).resolves.toEqual([]);
      await expect(search(reader, { q: word }).then(postIds)).resolves.toEqual([post.id]);
    });
  });

  describe('fencers', () => {
    it('finds fencers by part of the name (accents ignored) or of the username, never with an email', async () => {
      const surname = uniqueWord('nu');
      const fencer = await insertUser(t, { name: `José Ñ${surname}` });

      for (const q of [`jose n${surname.slice(0, 4)}`, `Ñ${surname.slice(0, 5)}`, `${surname.slice(1, 7)}`]) {
        const reply = await search(reader, { q, type: 'users' });
        expect({ q, ids: userIds(reply) }).toEqual({ q, ids: [fencer.user.id] });
      }
      const byUsername = await search(reader, { q: fencer.user.username.slice(2), type: 'users' });
      expect(byUsername.body.users).toEqual([
        {
          id: fencer.user.id,
          username: fencer.user.username,
          name: `José Ñ${surname}`,
          avatar: null,
          title: null,
          weaponSpecialty: 'epee',
          role: 'student',
        },
      ]);
      expect(JSON.stringify(byUsername.body)).not.toContain('@example.com');
    });

    it('puts the exact username first, then names that start with the text', async () => {
      const word = uniqueWord();
      const inside = await insertUser(t, { name: `Ann Mc${word}` });
      const starts = await insertUser(t, { name: `${word} Smith` });
      const exact = await insertUser(t, { username: word, name: 'Someone Else' });

      await expect(search(reader, { q: word, type: 'users' }).then(userIds)).resolves.toEqual([
        exact.user.id,
        starts.user.id,
        inside.user.id,
      ]);
    });
  });

  it('answers posts and fencers together by default, and only the group asked for with type', async () => {
    const word = uniqueWord();
    const fencer = await insertUser(t, { name: `Coach ${word}` });
    const post = await makePost(fencer, { content: `Warm-up by ${word}` });

    const all = await search(reader, { q: word });
    expect({ posts: postIds(all), users: userIds(all) }).toEqual({
      posts: [post.id],
      users: [fencer.user.id],
    });
    const posts = await search(reader, { q: word, type: 'posts' });
    expect({ posts: postIds(posts), users: userIds(posts) }).toEqual({ posts: [post.id], users: [] });
    const users = await search(reader, { q: word, type: 'users' });
    expect(users.body).toEqual({
      posts: [],
      users: [expect.objectContaining({ id: fencer.user.id })],
      clubs: [],
      nextCursor: null,
    });
  });

  it('hides posts and fencers across a block, whichever side blocked', async () => {
    const word = uniqueWord();
    const blocker = await insertUser(t, { name: `Blocker ${word}` });
    const blocked = await insertUser(t, { name: `Blocked ${word}` });
    const bystander = await insertUser(t);
    const blockerPost = await makePost(blocker, { content: `Parry four ${word}` });
    const blockedPost = await makePost(blocked, { content: `Parry six ${word}` });
    await expect(
      blocker.client.post('/api/block-user', { blockedId: blocked.user.id }),
    ).resolves.toMatchObject({
      status: 200,
    });

    const seenBy = async (who: TestUser) => {
      const reply = await search(who, { q: word });
      return { posts: postIds(reply).sort(), users: userIds(reply).sort() };
    };
    await expect(seenBy(blocker)).resolves.toEqual({ posts: [blockerPost.id], users: [blocker.user.id] });
    await expect(seenBy(blocked)).resolves.toEqual({ posts: [blockedPost.id], users: [blocked.user.id] });
    await expect(seenBy(bystander)).resolves.toEqual({
      posts: [blockerPost.id, blockedPost.id].sort(),
      users: [blocker.user.id, blocked.user.id].sort(),
    });
  });

  describe('text with special characters', () => {
    it('takes % _ \' " & | ! : and other query syntax literally, never as an error', async () => {
      const texts = [
        '%',
        '_',
        "'",
        '"',
        '&',
        '|',
        '!',
        ':',
        '\\',
        ':*',
        '<->',
        '(',
        "' OR 1=1 --",
        'a & | b',
        '!!x:*A',
      ];
      for (const q of texts) {
        const reply = await search(reader, { q });
        expect({ q, status: reply.status }).toEqual({ q, status: 200 });
        expect(Array.isArray(reply.body.posts) && Array.isArray(reply.body.users)).toBe(true);
      }
    });

    it('finds a post by words next to punctuation and quotes', async () => {
      const author = await insertUser(t);
      const word = uniqueWord();
      const post = await makePost(author, { content: `Final score 15:14! "${word}" & co's 100% effort` });

      for (const q of [
        `"${word}"`,
        `'${word}'`,
        `${word}!`,
        `15:14 ${word}`,
        `${word} & co's`,
        `100% ${word}`,
      ]) {
        const reply = await search(reader, { q });
        expect({ q, ids: postIds(reply) }).toEqual({ q, ids: [post.id] });
      }
    });

    it('treats % and _ in a fencer search as characters, not wildcards', async () => {
      const word = uniqueWord();
      const percent = await insertUser(t, { name: `Per ${word}%y` });
      const underscore = await insertUser(t, { name: `Under ${word}_y` });
      await insertUser(t, { name: `Other ${word}xxy` });

      await expect(search(reader, { q: `${word}%y`, type: 'users' }).then(userIds)).resolves.toEqual([
        percent.user.id,
      ]);
      await expect(search(reader, { q: `${word}_y`, type: 'users' }).then(userIds)).resolves.toEqual([
        underscore.user.id,
      ]);
    });
  });

  describe('input', () => {
    it('refuses a blank, missing, too long or NUL-carrying text with a message', async () => {
      for (const q of ['', '   ']) {
        await expect(search(reader, { q })).resolves.toMatchObject({
          status: 400,
          body: { message: SEARCH_TEXT_REQUIRED },
        });
      }
      await expect(reader.client.get('/api/search')).resolves.toMatchObject({
        status: 400,
        body: { message: SEARCH_TEXT_REQUIRED },
      });
      await expect(search(reader, { q: 'x'.repeat(101) })).resolves.toMatchObject({
        status: 400,
        body: { message: 'Search text can be at most 100 characters' },
      });
      await expect(search(reader, { q: ` ${'x'.repeat(100)} ` })).resolves.toMatchObject({ status: 200 });
      await expect(search(reader, { q: 'a\u0000b' })).resolves.toMatchObject({
        status: 400,
        body: { message: NUL_MESSAGE },
      });
    });

    it('refuses an unknown type and a limit outside 1 to 50', async () => {
      await expect(search(reader, { q: 'epee', type: 'events' })).resolves.toMatchObject({
        status: 400,
        body: { message: 'Type must be all, posts, users or clubs' },
      });
      for (const limit of ['0', '51', 'ten']) {
        await expect(search(reader, { q: 'epee', limit })).resolves.toMatchObject({
          status: 400,
          body: { message: 'Limit must be a whole number from 1 to 50' },
        });
      }
    });

    it('is for signed-in users only', async () => {
      const anonymous = new ApiClient(t.url);
      await expect(search(anonymous, { q: uniqueName() })).resolves.toMatchObject({ status: 401 });
    });
  });
});
