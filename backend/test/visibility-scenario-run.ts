import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  WEAPONS,
  type FeedPost,
  type NotificationsPage,
  type PostComment,
  type PostVisibility,
  type ServerNotification,
  type Weapon,
} from '@piste/contracts';
import { connectSocket, makeUser, type Reply, type TestApp, type TestSocket, type TestUser } from './helpers';
import type { Action, Scenario } from './visibility-scenarios';
import { barrier, emitHandled, watchPosts } from './sockets';

/**
 * Who is connected and who blocked whom, as user indices: `a-b` with a < b, and `blocker>blocked`; and who is a
 * member of the run's club.
 */
interface Relations {
  connected: ReadonlySet<string>;
  blocks: ReadonlySet<string>;
  members: ReadonlySet<number>;
}

interface Step {
  description: string;
  before: Relations;
  after: Relations;
}

/** A piece of text written about a post (its first version, an edit, a comment), by the unique word it carries. */
interface Written {
  token: string;
  step: number;
}

interface RunPost {
  number: number;
  id: string;
  author: number;
  visibility: PostVisibility;
  weapon: Weapon;
  drill: boolean;
  /** The post's own word: it is in its text and is its tag. */
  marker: string;
  content: string;
  step: number;
  written: Written[];
}

interface RunComment {
  id: string;
  author: number;
  post: RunPost;
  content: string;
  token: string;
}

/** A list of posts a user reads (a bare array or a page), and which of their own posts it must show. */
interface ListRoute {
  name: string;
  path: string;
  listsOwn(post: RunPost): boolean;
  /** A 404 is a right answer too (the profile of a fencer on the other side of a block). */
  mayBeMissing?: boolean;
}

interface ReceivedEvent {
  step: number;
  name: string;
  payload: unknown;
  json: string;
}

const succeeded = (reply: Reply) => reply.status >= 200 && reply.status < 300;
const pairKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
const blockedBetween = (relations: Relations, a: number, b: number) =>
  relations.blocks.has(`${a}>${b}`) || relations.blocks.has(`${b}>${a}`);
const two = (n: number) => String(n).padStart(2, '0');

/** What a user's socket, lists and notifications must never show of a post, at one moment. */
function hiddenFrom(relations: Relations, user: number, post: RunPost): string | null {
  if (user === post.author) return null;
  if (blockedBetween(relations, user, post.author))
    return `a block stands between users ${user} and ${post.author}`;
  if (post.visibility === 'connections' && !relations.connected.has(pairKey(user, post.author))) {
    return `user ${user} is not connected to user ${post.author}`;
  }
  if (post.visibility === 'club' && !relations.members.has(user)) {
    return `user ${user} is not a member of the club`;
  }
  return null;
}

/**
 * One run of a scenario: fresh users with one socket each, watching every weapon's feed and every post of the run
 * (a nosy client joining rooms it should not), the actions sent one at a time with a barrier after each, and
 * after each step a check of every event received during it and of every read route, against a model of who is
 * connected to and blocked by whom before and after the step.
 */
export class VisibilityRun {
  /** A word no other run uses: in every post of the run, and its tag, so one query lists the run's posts. */
  private readonly runWord = `v${randomBytes(5).toString('hex')}`;
  private readonly users: TestUser[] = [];
  private readonly sockets: TestSocket[] = [];
  private readonly received: ReceivedEvent[][] = [];
  private readonly connected = new Set<string>();
  private readonly blocks = new Set<string>();
  private readonly members = new Set<number>([0]);
  private club = { id: '', slug: '' };
  private readonly mutedWords: string[][] = [];
  private readonly steps: Step[] = [];
  private readonly posts: RunPost[] = [];
  private readonly comments: RunComment[] = [];
  /** Per user and post (`user|postId`), the steps after which the user could see the post. */
  private readonly sightings = new Map<string, number[]>();
  /** Notification ids each user received live at a step when they could see the notification's post. */
  private readonly allowedNotifications: Set<string>[] = [];
  private readonly found: string[] = [];
  private step = 0;

  constructor(
    private readonly t: TestApp,
    private readonly scenario: Scenario,
  ) {}

  /** The violations found; the run stops after the first step that has any. */
  async run(): Promise<string[]> {
    try {
      await this.open();
      for (const [i, action] of this.scenario.actions.entries()) {
        await this.perform(action, i === this.scenario.actions.length - 1);
        if (this.found.length > 0) break;
      }
      return this.found;
    } finally {
      for (const socket of this.sockets) socket.close();
    }
  }

  /** Steps so far, for a failure report. */
  trace(): string {
    return this.steps
      .map((step, i) => {
        const pairs = [...step.after.connected].join(' ') || 'none';
        const blocks = [...step.after.blocks].join(' ') || 'none';
        const members = [...step.after.members].sort().join(' ');
        return `  ${i}. ${step.description}   [after: connected ${pairs}; blocks ${blocks}; club ${members}]`;
      })
      .join('\n');
  }

  /** The steps whose description matches, for the hand-written example to prove it did what it says. */
  stepsMatching(pattern: RegExp): string[] {
    return this.steps.map((step) => step.description).filter((description) => pattern.test(description));
  }

  private async open(): Promise<void> {
    const people = await Promise.all(Array.from({ length: this.scenario.users }, () => makeUser(this.t)));
    for (const person of people) {
      const socket = await connectSocket(this.t.url, person.client);
      const log: ReceivedEvent[] = [];
      socket.onAny((name: string, payload: unknown) =>
        log.push({ step: this.step, name, payload, json: JSON.stringify(payload) }),
      );
      for (const weapon of WEAPONS) await emitHandled(socket, 'feed:watch', { weapon });
      this.users.push(person);
      this.sockets.push(socket);
      this.received.push(log);
      this.mutedWords.push([]);
      this.allowedNotifications.push(new Set());
    }
    const club = await this.users[0].client.post<{ club: { id: string; slug: string } }>('/api/clubs', {
      name: `Salle ${this.runWord}`,
      city: 'Lyon',
      country: 'FR',
      weapons: ['epee', 'foil', 'sabre'],
    });
    if (club.status !== 201) throw new Error(`The run's club was refused: ${club.status}`);
    this.club = club.body.club;
  }

  private relations(): Relations {
    return {
      connected: new Set(this.connected),
      blocks: new Set(this.blocks),
      members: new Set(this.members),
    };
  }

  private async perform(action: Action, last: boolean): Promise<void> {
    this.step = this.steps.length;
    const before = this.relations();
    const description = await this.act(action, before);
    await barrier(...this.sockets);
    const after = this.relations();
    this.steps.push({ description, before, after });
    await this.checkModel();
    for (const [user] of this.users.entries()) {
      for (const post of this.posts) {
        if (!hiddenFrom(after, user, post))
          this.sightings.set(`${user}|${post.id}`, [...this.seen(user, post), this.step]);
      }
    }
    this.checkEvents();
    await this.checkReads(before, last);
  }

  private seen(user: number, post: RunPost): number[] {
    return this.sightings.get(`${user}|${post.id}`) ?? [];
  }

  /**
   * The connections standing, in order; those of authors of connections-only posts alone when there are any, so
   * that ending one takes a post away from someone.
   */
  private connectionsWithAudience(): string[] {
    const pairs = [...this.connected].sort();
    const authors = new Set(this.posts.filter((p) => p.visibility === 'connections').map((p) => p.author));
    const audiences = pairs.filter((pair) => pair.split('-').some((user) => authors.has(Number(user))));
    return audiences.length > 0 ? audiences : pairs;
  }

  private pick<T>(list: T[], index: number): T | undefined {
    return list.length === 0 ? undefined : list[index % list.length];
  }

  private mentionOf(index: number | undefined): string {
    return index === undefined ? '' : ` @${this.users[index].user.username}`;
  }

  /** Sends one action; returns what it did, for the trace. */
  private async act(action: Action, before: Relations): Promise<string> {
    const step = this.step;
    switch (action.kind) {
      case 'post': {
        const by = this.users[action.by];
        const marker = `${this.runWord}p${two(step)}`;
        const content = `${marker} ${this.runWord} #${marker} #${this.runWord}${this.mentionOf(action.mention)}`;
        const reply = await by.client.post<FeedPost>('/api/posts', {
          content,
          visibility: action.visibility,
          ...(action.visibility === 'club' ? { clubId: this.club.id } : {}),
          weapon: action.weapon,
          type: action.drill ? 'drill' : 'general',
        });
        const what = `${action.visibility} ${action.drill ? 'drill' : 'post'} on ${action.weapon}`;
        const mention = action.mention === undefined ? '' : ` naming user ${action.mention}`;
        if (!succeeded(reply)) return `user ${action.by} posts a ${what}${mention} → ${reply.status}`;
        const post: RunPost = {
          number: this.posts.length,
          id: reply.body.id,
          author: action.by,
          visibility: action.visibility,
          weapon: action.weapon,
          drill: action.drill,
          marker,
          content,
          step,
          written: [{ token: marker, step }],
        };
        this.posts.push(post);
        await Promise.all(this.sockets.map((socket) => watchPosts(socket, post.id)));
        return `user ${action.by} posts #${post.number}, a ${what}${mention} → ${reply.status}`;
      }
      case 'join-club':
      case 'leave-club': {
        const by = this.users[action.by];
        const reply =
          action.kind === 'join-club'
            ? await by.client.post(`/api/clubs/${this.club.slug}/join`)
            : await by.client.delete(`/api/clubs/${this.club.slug}/members/${by.user.id}`);
        if (succeeded(reply)) {
          if (action.kind === 'join-club') this.members.add(action.by);
          else this.members.delete(action.by);
        }
        return `user ${action.by} ${action.kind === 'join-club' ? 'joins' : 'leaves'} the club → ${reply.status}`;
      }
      case 'connect': {
        const [by, to] = [this.users[action.by], this.users[action.to]];
        const sent = await by.client.post<{ id: string }>('/api/friend-requests', { receiverId: to.user.id });
        if (!succeeded(sent)) return `user ${action.by} asks user ${action.to} to connect → ${sent.status}`;
        const answer = await to.client.put(`/api/friend-requests/${sent.body.id}`, { status: 'accepted' });
        if (succeeded(answer)) this.connected.add(pairKey(action.by, action.to));
        else await by.client.delete(`/api/friend-requests/${sent.body.id}`);
        return `user ${action.by} connects with user ${action.to} → ${sent.status}, ${answer.status}`;
      }
      case 'disconnect': {
        const pair = this.pick(this.connectionsWithAudience(), action.connection);
        if (!pair) return 'disconnect: no connection yet, skipped';
        const [by, to] = (action.reverse ? pair.split('-').reverse() : pair.split('-')).map(Number);
        const reply = await this.users[by].client.delete(`/api/friends/${this.users[to].user.id}`);
        if (succeeded(reply)) this.connected.delete(pair);
        return `user ${by} disconnects from user ${to} → ${reply.status}`;
      }
      case 'block':
      case 'unblock': {
        const target = this.users[action.target];
        const reply = await this.users[action.by].client.post(`/api/${action.kind}-user`, {
          blockedId: target.user.id,
        });
        if (succeeded(reply)) {
          const edge = `${action.by}>${action.target}`;
          if (action.kind === 'block') this.blocks.add(edge);
          else this.blocks.delete(edge);
        }
        return `user ${action.by} ${action.kind}s user ${action.target} → ${reply.status}`;
      }
      case 'mute-user': {
        const target = this.users[action.target];
        const reply = await this.users[action.by].client.post('/api/mutes', { userId: target.user.id });
        return `user ${action.by} mutes user ${action.target} → ${reply.status}`;
      }
      case 'mute-word': {
        const post = this.pick(this.posts, action.post);
        const word = post?.marker ?? 'parry';
        const words = [...this.mutedWords[action.by], word];
        const reply = await this.users[action.by].client.put(
          '/api/account/muted-words',
          words.map((w) => ({ word: w })),
        );
        if (succeeded(reply)) this.mutedWords[action.by] = words;
        const about = post ? `the word of post #${post.number}` : `'${word}'`;
        return `user ${action.by} mutes ${about} → ${reply.status}`;
      }
      case 'save':
      case 'unsave':
      case 'like':
      case 'comment': {
        const post = this.pick(this.posts, action.post);
        if (!post) return `user ${action.by} ${action.kind}s: no post yet, skipped`;
        const by = this.users[action.by];
        const token = `${this.runWord}c${two(step)}`;
        const content = `${token}${action.kind === 'comment' ? this.mentionOf(action.mention) : ''}`;
        const reply =
          action.kind === 'save'
            ? await by.client.post('/api/saves', { postId: post.id })
            : action.kind === 'unsave'
              ? await by.client.delete(`/api/saves/${post.id}`)
              : action.kind === 'like'
                ? await by.client.post('/api/likes', { postId: post.id })
                : await by.client.post<PostComment>('/api/comments', { postId: post.id, content });
        this.checkReply(action.by, post, before, action.kind, reply);
        if (action.kind === 'comment' && succeeded(reply)) {
          const comment = reply.body as PostComment;
          this.comments.push({ id: comment.id, author: action.by, post, content, token });
          post.written.push({ token, step });
        }
        const mention =
          action.kind === 'comment' && action.mention !== undefined ? ` naming user ${action.mention}` : '';
        const name = action.kind === 'comment' && succeeded(reply) ? ` #${this.comments.length - 1}` : '';
        return (
          `user ${action.by} ${action.kind}s${name}${mention} post #${post.number} (by user ${post.author})` +
          ` → ${reply.status}`
        );
      }
      case 'edit-post': {
        const post = this.pick(this.posts, action.post);
        if (!post) return `edit: no post yet, skipped`;
        const editor = action.by ?? post.author;
        const token = `${this.runWord}e${two(step)}`;
        const content = `${token}${this.mentionOf(action.mention)} ${post.content}`;
        const reply = await this.users[editor].client.patch<FeedPost>(`/api/posts/${post.id}`, { content });
        this.checkReply(editor, post, before, 'edit', reply);
        if (succeeded(reply)) {
          post.content = content;
          post.written.push({ token, step });
        }
        const mention = action.mention === undefined ? '' : `, naming user ${action.mention}`;
        return `user ${editor} edits post #${post.number} (by user ${post.author})${mention} → ${reply.status}`;
      }
      case 'edit-comment': {
        const comment = this.pick(this.comments, action.comment);
        if (!comment) return `edit: no comment yet, skipped`;
        const token = `${this.runWord}e${two(step)}`;
        const content = `${token}${this.mentionOf(action.mention)} ${comment.content}`;
        const reply = await this.users[comment.author].client.patch(`/api/comments/${comment.id}`, {
          content,
        });
        this.checkReply(comment.author, comment.post, before, 'comment edit', reply);
        if (succeeded(reply)) {
          comment.content = content;
          comment.post.written.push({ token, step });
        }
        const number = this.comments.indexOf(comment);
        const mention = action.mention === undefined ? '' : `, naming user ${action.mention}`;
        return (
          `user ${comment.author} edits comment #${number} on post #${comment.post.number} ` +
          `(by user ${comment.post.author})${mention} → ${reply.status}`
        );
      }
    }
  }

  /**
   * What a user's own action on a post they cannot see answers: a refusal that says nothing of the post (taking
   * back a save included: even its count is about the post).
   */
  private checkReply(user: number, post: RunPost, before: Relations, what: string, reply: Reply): void {
    const why = hiddenFrom(before, user, post);
    if (!why || post.visibility === 'public') return;
    if (succeeded(reply)) {
      this.found.push(
        `user ${user}'s ${what} of post #${post.number} succeeded (${reply.status}) when ${why}`,
      );
    }
    // The post's id is what the user sent.
    const leaked = this.leakedTokens(JSON.stringify(reply.body ?? null), post, { withId: false });
    if (leaked)
      this.found.push(`user ${user}'s ${what} of post #${post.number} answered ${leaked} when ${why}`);
  }

  /**
   * The words of `post`'s texts and its id that `json` shows. `unseenBy`: only the texts written since that user
   * last could see the post, and not its id (what they once saw they may keep); `withId: false` leaves the id out
   * where the user sent it themselves.
   */
  private leakedTokens(
    json: string,
    post: RunPost,
    { unseenBy, withId = unseenBy === undefined }: { unseenBy?: number; withId?: boolean } = {},
  ): string | null {
    const seen = unseenBy === undefined ? [] : this.seen(unseenBy, post);
    const tokens = post.written.filter((w) => !seen.some((s) => s >= w.step)).map((w) => w.token);
    if (withId) tokens.push(post.id);
    const shown = tokens.filter((token) => json.includes(token));
    return shown.length > 0 ? `[${shown.join(', ')}]` : null;
  }

  /** Compares the model with the database: a wrong model would judge the server by the wrong rule. */
  private async checkModel(): Promise<void> {
    const ids = this.users.map((u) => u.user.id);
    const index = (id: string) => ids.indexOf(id);
    const db = this.t.app.get(DataSource);
    const pairs = await db.query<{ senderId: string; receiverId: string }[]>(
      `SELECT "senderId", "receiverId" FROM friend_requests WHERE "status" = 'accepted' AND "senderId" = ANY($1)`,
      [ids],
    );
    const blocks = await db.query<{ blockerId: string; blockedId: string }[]>(
      `SELECT "blockerId", "blockedId" FROM blocked_users WHERE "blockerId" = ANY($1)`,
      [ids],
    );
    const members = await db.query<{ userId: string }[]>(
      `SELECT "userId" FROM club_members WHERE "clubId" = $1`,
      [this.club.id],
    );
    const connected = pairs.map((p) => pairKey(index(p.senderId), index(p.receiverId))).sort();
    const blocked = blocks.map((b) => `${index(b.blockerId)}>${index(b.blockedId)}`).sort();
    const stored = {
      connected,
      blocks: blocked,
      members: members.map((m) => index(m.userId)).sort(),
    };
    const model = {
      connected: [...this.connected].sort(),
      blocks: [...this.blocks].sort(),
      members: [...this.members].sort(),
    };
    if (JSON.stringify(stored) !== JSON.stringify(model)) {
      throw new Error(
        `The test's model went wrong at step ${this.step}: it has ${JSON.stringify(model)}, the database ` +
          `${JSON.stringify(stored)}\nSteps:\n${this.trace()}`,
      );
    }
  }

  /**
   * Every event received during this step that names a post or shows its text, judged against who could see the
   * post before and after the step (nothing about posts moves during a connection change, so both must allow it).
   * `post:deleted` carries only ids and may reach anyone.
   */
  private checkEvents(): void {
    const { before, after, description } = this.steps[this.step];
    for (const [user, log] of this.received.entries()) {
      for (const event of log.filter((e) => e.step === this.step && e.name !== 'post:deleted')) {
        for (const post of this.posts) {
          const why = hiddenFrom(before, user, post) ?? hiddenFrom(after, user, post);
          const leaked = this.leakedTokens(event.json, post);
          if (why && leaked) {
            this.found.push(
              `user ${user} got ${event.name} showing ${leaked} of post #${post.number} (${post.visibility}, by ` +
                `user ${post.author}) during step ${this.step} (${description}), when ${why}: ${event.json}`,
            );
          } else if (!why && leaked && event.name === 'notification') {
            const notification = event.payload as ServerNotification;
            if (notification.postId === post.id) this.allowedNotifications[user].add(notification.id);
          }
        }
      }
    }
  }

  /**
   * Every read route, as each user reads it after the step: no connections-only post they cannot see now may show
   * in any list, and its own routes answer 404 (checked when it is new, when the user just lost sight of it, and
   * at the end). Each author's own posts must be in their lists, so an empty answer cannot pass for a check.
   */
  private async checkReads(before: Relations, last: boolean): Promise<void> {
    const { after } = this.steps[this.step];
    await Promise.all(
      this.users.map(async (viewer, user) => {
        const hidden = this.posts.filter((p) => p.visibility !== 'public' && hiddenFrom(after, user, p));
        const own = this.posts.filter((p) => p.author === user);
        if (hidden.length === 0 && own.length === 0) return;
        for (const list of this.listRoutes(user, [...hidden, ...own])) {
          const reply = await viewer.client.get(list.path);
          if (reply.status === 404 && list.mayBeMissing) continue;
          if (reply.status !== 200) {
            this.found.push(`user ${user} read ${list.name} → ${reply.status} ${JSON.stringify(reply.body)}`);
            continue;
          }
          const body = reply.body as FeedPost[] | { posts: FeedPost[] };
          const listed = Array.isArray(body) ? body : body.posts;
          const json = JSON.stringify(listed);
          for (const post of hidden) {
            const leaked = this.leakedTokens(json, post);
            const why = hiddenFrom(after, user, post);
            if (leaked)
              this.found.push(
                `user ${user} read ${list.name} showing ${leaked} of post #${post.number}, when ${why}`,
              );
          }
          for (const post of own.filter((p) => list.listsOwn(p) && !listed.some((l) => l.id === p.id))) {
            this.found.push(`user ${user}'s own post #${post.number} is missing from ${list.name}`);
          }
        }
        await this.checkNotifications(viewer, user, after);
        for (const post of hidden) {
          const fresh = post.step === this.step || !hiddenFrom(before, user, post);
          if (fresh || last) await this.checkPostRoutes(viewer, user, post, after);
        }
      }),
    );
  }

  /** The lists that may show `posts` to `user`: the feeds and profiles they are in, and the run's word's lists. */
  private listRoutes(user: number, posts: RunPost[]): ListRoute[] {
    const weapons = [...new Set(posts.map((p) => p.weapon))];
    const authors = [...new Set(posts.map((p) => p.author))];
    return [
      ...weapons.map((weapon) => ({
        name: `the ${weapon} feed`,
        path: `/api/posts/${weapon}?limit=50`,
        // Other test files post to the same feeds meanwhile: a post of the run may be past the first page.
        listsOwn: () => false,
      })),
      ...authors.map((author) => ({
        name: `user ${author}'s profile posts`,
        path: `/api/profiles/${this.users[author].user.username}/posts?limit=50`,
        listsOwn: (p: RunPost) => p.author === author,
        mayBeMissing: blockedBetween(this.steps[this.step].after, user, author),
      })),
      {
        name: "the search for the run's word",
        path: `/api/search?q=${this.runWord}&type=posts&limit=50`,
        listsOwn: () => true,
      },
      {
        name: "the tag page of the run's word",
        path: `/api/tags/${this.runWord}/posts?limit=50`,
        listsOwn: () => true,
      },
      {
        name: "the drills with the run's word",
        path: `/api/drills?q=${this.runWord}&limit=50`,
        listsOwn: (p: RunPost) => p.drill,
      },
      { name: 'their saves', path: '/api/saves?limit=50', listsOwn: () => false },
      {
        name: "the club's posts",
        path: `/api/clubs/${this.club.slug}/posts?limit=50`,
        listsOwn: (p: RunPost) => p.visibility === 'club',
      },
    ];
  }

  /**
   * The user's stored notifications: one about a post they cannot see now must have reached them live while they
   * could, and must not show a text of the post written since they last could see it (an edit after the end of a
   * connection).
   */
  private async checkNotifications(viewer: TestUser, user: number, after: Relations): Promise<void> {
    const reply = await viewer.client.get<NotificationsPage>('/api/notifications?limit=50');
    if (reply.status !== 200) {
      this.found.push(`user ${user} read their notifications → ${reply.status}`);
      return;
    }
    for (const notification of reply.body.notifications) {
      const post = this.posts.find((p) => p.id === notification.postId);
      const why = post && hiddenFrom(after, user, post);
      if (!post || !why || post.visibility === 'public') continue;
      const json = JSON.stringify(notification);
      if (!this.allowedNotifications[user].has(notification.id)) {
        this.found.push(
          `user ${user} has a stored '${notification.type}' notification about post #${post.number} that never ` +
            `reached them while they could see it, now that ${why}: ${json}`,
        );
      }
      const leaked = this.leakedTokens(json, post, { unseenBy: user });
      if (leaked) {
        this.found.push(
          `user ${user}'s stored '${notification.type}' notification about post #${post.number} shows ${leaked}, ` +
            `written since they last could see it (${why}): ${json}`,
        );
      }
    }
  }

  /** The post's own routes and its word, as a user who cannot see it reads them. */
  private async checkPostRoutes(
    viewer: TestUser,
    user: number,
    post: RunPost,
    after: Relations,
  ): Promise<void> {
    const why = hiddenFrom(after, user, post);
    const single: [string, string][] = [
      ['the post', `/api/posts/id/${post.id}`],
      ['its history', `/api/posts/${post.id}/history`],
      ['its comments', `/api/comments?postId=${post.id}`],
    ];
    for (const [route, path] of single) {
      const reply = await viewer.client.get(path);
      const leaked = this.leakedTokens(JSON.stringify(reply.body ?? null), post, { withId: false });
      if (reply.status !== 404 || leaked) {
        this.found.push(
          `user ${user} read ${route} of post #${post.number} → ${reply.status} ${leaked ?? ''}, when ${why}`,
        );
      }
    }
    const lists: [string, string][] = [
      ['a search for its word', `/api/search?q=${post.marker}&type=posts`],
      ['its tag page', `/api/tags/${post.marker}/posts`],
      ['the drills with its word', `/api/drills?q=${post.marker}`],
    ];
    for (const [route, path] of lists) {
      const reply = await viewer.client.get<{ posts: FeedPost[] }>(path);
      const leaked = reply.status === 200 ? this.leakedTokens(JSON.stringify(reply.body.posts), post) : null;
      if (reply.status !== 200 || leaked) {
        this.found.push(
          `user ${user} read ${route} (post #${post.number}) → ${reply.status} ${leaked ?? ''}, when ${why}`,
        );
      }
    }
  }
}
