import type { FeedPost, PostComment, ServerEventPayload } from '@piste/contracts';
import {
  connectSocket,
  makePost,
  makeUser,
  nextEvent,
  uniqueName,
  type Reply,
  type TestApp,
  type TestSocket,
  type TestUser,
} from './helpers';
import type { Action, Scenario } from './blocks-scenarios';
import { emitHandled, watchThreads } from './sockets';

interface Step {
  description: string;
  /** Blocks in force while the step ran, as `blocker>blocked` user indices. */
  blocks: ReadonlySet<string>;
}

interface ReceivedEvent {
  name: string;
  payload: unknown;
}

interface NotificationSource {
  recipient: number;
  actor: number;
  /** Successful steps that notify `recipient` of this kind, whether or not a block stood between them. */
  steps: number[];
}

const succeeded = (reply: Reply) => reply.status >= 200 && reply.status < 300;

/**
 * One run of a scenario: fresh users with one socket each watching the épée feed and every post, the actions
 * sent one at a time, and a model of the blocks at each step to judge every event the sockets received.
 */
export class ScenarioRun {
  private readonly runId = uniqueName('run');
  private readonly users: TestUser[] = [];
  private readonly sockets: TestSocket[] = [];
  private readonly received: ReceivedEvent[][] = [];
  private readonly userIndex = new Map<string, number>();
  private sentinel!: TestUser;

  private readonly blocks = new Set<string>();
  private readonly steps: Step[] = [];
  private readonly posts: { id: string; author: number; step: number }[] = [];
  /** Per post, the steps whose like or comment changed its counts, in order. */
  private readonly countChanges = new Map<string, number[]>();
  private readonly comments = new Map<string, { step: number; author: number; postId: string }>();
  private readonly messages = new Map<string, { step: number; by: number; to: number; accepted: boolean }>();
  private readonly requests = new Map<string, { sent: number; accepted?: number; by: number; to: number }>();
  private readonly notificationSources = new Map<string, NotificationSource>();

  constructor(
    private readonly t: TestApp,
    private readonly scenario: Scenario,
  ) {}

  async run(): Promise<string[]> {
    try {
      await this.open();
      for (const action of this.scenario.actions) await this.perform(action);
      await this.untilDelivered();
      return this.violations();
    } finally {
      for (const socket of this.sockets) socket.close();
    }
  }

  /** Steps so far, for a failure report. */
  trace(): string {
    return this.steps.map((step, i) => `  ${i}. ${step.description}`).join('\n');
  }

  private async open(): Promise<void> {
    const people = await Promise.all(Array.from({ length: this.scenario.users + 1 }, () => makeUser(this.t)));
    this.sentinel = people.pop()!;
    for (const [i, person] of people.entries()) {
      this.users.push(person);
      this.userIndex.set(person.user.id, i);
      const socket = await connectSocket(this.t.url, person.client);
      const log: ReceivedEvent[] = [];
      socket.onAny((name: string, payload: unknown) => log.push({ name, payload }));
      this.sockets.push(socket);
      this.received.push(log);
      await emitHandled(socket, 'feed:watch', { weapon: 'epee' });
    }
  }

  /**
   * Events from one app reach a socket in the order they were sent, so once every socket has the sentinel's
   * last post, everything the actions caused has arrived.
   */
  private async untilDelivered(): Promise<void> {
    const content = `sentinel ${this.runId}`;
    const arrivals = this.sockets.map((socket) =>
      nextEvent(socket, 'post:created', (p) => p.post.content === content),
    );
    await makePost(this.sentinel, { content });
    await Promise.all(arrivals);
  }

  /**
   * Every socket watches a new post and its comments, as a client showing its thread does (a blocked user's too,
   * who may have it on screen from before the block): only the server's block rule keeps its events away.
   */
  private async watchEverywhere(postId: string): Promise<void> {
    await Promise.all(this.sockets.map((socket) => watchThreads(socket, postId)));
  }

  private async perform(action: Action): Promise<void> {
    const step = this.steps.length;
    const snapshot = new Set(this.blocks);
    const record = (description: string): void => {
      this.steps.push({ description, blocks: snapshot });
    };
    const by = this.users[action.by];
    switch (action.kind) {
      case 'connect': {
        const to = this.users[action.to];
        const sent = await by.client.post<{ id: string }>('/api/friend-requests', { receiverId: to.user.id });
        if (!succeeded(sent))
          return record(`user ${action.by} asks user ${action.to} to connect → ${sent.status}`);
        const request: { sent: number; accepted?: number; by: number; to: number } = {
          sent: step,
          by: action.by,
          to: action.to,
        };
        this.requests.set(sent.body.id, request);
        this.notifiable(action.to, action.by, 'follow', undefined, step);
        const answer = await to.client.put(`/api/friend-requests/${sent.body.id}`, { status: 'accepted' });
        if (succeeded(answer)) {
          request.accepted = step;
          this.notifiable(action.by, action.to, 'follow', undefined, step);
        }
        return record(`user ${action.by} connects with user ${action.to} → ${sent.status}, ${answer.status}`);
      }
      case 'block':
      case 'unblock': {
        const target = this.users[action.target];
        const reply = await by.client.post(`/api/${action.kind}-user`, { blockedId: target.user.id });
        if (succeeded(reply)) {
          const edge = `${action.by}>${action.target}`;
          if (action.kind === 'block') this.blocks.add(edge);
          else this.blocks.delete(edge);
        }
        return record(`user ${action.by} ${action.kind}s user ${action.target} → ${reply.status}`);
      }
      case 'message': {
        const to = this.users[action.to];
        const content = `m-${this.runId}-${step}`;
        const reply = await by.client.post('/api/messages', { receiverId: to.user.id, content });
        const accepted = succeeded(reply);
        this.messages.set(content, { step, by: action.by, to: action.to, accepted });
        if (accepted) this.notifiable(action.to, action.by, 'message', undefined, step);
        return record(`user ${action.by} messages user ${action.to} → ${reply.status}`);
      }
      case 'post': {
        const reply = await by.client.post<FeedPost>('/api/posts', {
          content: `p-${this.runId}-${step}`,
          weapon: 'epee',
        });
        if (succeeded(reply)) {
          this.posts.push({ id: reply.body.id, author: action.by, step });
          this.countChanges.set(reply.body.id, []);
          await this.watchEverywhere(reply.body.id);
        }
        const name = succeeded(reply) ? ` #${this.posts.length - 1}` : '';
        return record(`user ${action.by} posts${name} → ${reply.status}`);
      }
      case 'like':
      case 'comment': {
        if (this.posts.length === 0) return record(`user ${action.by} ${action.kind}s: no post yet, skipped`);
        const number = action.post % this.posts.length;
        const post = this.posts[number];
        const reply =
          action.kind === 'like'
            ? await by.client.post('/api/likes', { postId: post.id })
            : await by.client.post<PostComment>('/api/comments', {
                postId: post.id,
                content: `c-${this.runId}-${step}`,
              });
        if (succeeded(reply)) {
          this.countChanges.get(post.id)!.push(step);
          if (action.kind === 'comment') {
            const comment = reply.body as PostComment;
            this.comments.set(comment.id, { step, author: action.by, postId: post.id });
          }
          if (post.author !== action.by) this.notifiable(post.author, action.by, action.kind, post.id, step);
        }
        return record(
          `user ${action.by} ${action.kind}s post #${number} (by user ${post.author}) → ${reply.status}`,
        );
      }
    }
  }

  /** Notes that a successful step may notify `recipient` of what `actor` did. */
  private notifiable(
    recipient: number,
    actor: number,
    type: string,
    postId: string | undefined,
    step: number,
  ): void {
    const key = notificationKey(recipient, actor, type, postId);
    const source = this.notificationSources.get(key) ?? { recipient, actor, steps: [] };
    source.steps.push(step);
    this.notificationSources.set(key, source);
  }

  private blockedAt(step: number, a: number, b: number): boolean {
    const { blocks } = this.steps[step];
    return blocks.has(`${a}>${b}`) || blocks.has(`${b}>${a}`);
  }

  /** Why a and b were apart at `step`, e.g. "user 1 had blocked user 0". */
  private blockBetween(step: number, a: number, b: number): string {
    const { blocks } = this.steps[step];
    const edges = [`${a}>${b}`, `${b}>${a}`].filter((edge) => blocks.has(edge));
    return edges
      .map((edge) => edge.split('>'))
      .map(([blocker, blocked]) => `user ${blocker} had blocked user ${blocked}`)
      .join(' and ');
  }

  private postName(postId: string): string {
    const number = this.posts.findIndex((post) => post.id === postId);
    return number < 0 ? `post ${postId}` : `post #${number} (by user ${this.posts[number].author})`;
  }

  /** Every event that crossed a block at the time of the step that caused it, or that no step explains. */
  private violations(): string[] {
    const found: string[] = [];
    const notificationsSeen = new Map<string, number>();
    for (const [user, log] of this.received.entries()) {
      for (const { name, payload } of log) {
        const unexplained = () =>
          found.push(`user ${user} got ${name} that no step explains: ${JSON.stringify(payload)}`);
        const across = (step: number, other: number, what: string) => {
          if (this.blockedAt(step, user, other)) {
            found.push(
              `user ${user} got ${what}, caused by step ${step} (${this.steps[step].description}), ` +
                `when ${this.blockBetween(step, user, other)}`,
            );
          }
        };
        switch (name) {
          case 'message:new': {
            const { message } = payload as ServerEventPayload<'message:new'>;
            const sent = this.messages.get(message.content);
            if (!sent) {
              unexplained();
            } else if (!sent.accepted) {
              found.push(`user ${user} got message:new of step ${sent.step}, which was refused`);
            } else if (user !== sent.by && user !== sent.to) {
              found.push(`user ${user} got message:new of step ${sent.step} between two other users`);
            } else if (this.blockedAt(sent.step, sent.by, sent.to)) {
              found.push(
                `user ${user} got message:new of step ${sent.step} (${this.steps[sent.step].description}), ` +
                  `when ${this.blockBetween(sent.step, sent.by, sent.to)}`,
              );
            }
            break;
          }
          case 'notification': {
            const notification = payload as ServerEventPayload<'notification'>;
            const actor = this.userIndex.get(notification.user.id ?? '');
            if (actor === undefined) {
              unexplained();
              break;
            }
            const key = notificationKey(user, actor, notification.type, notification.postId);
            notificationsSeen.set(key, (notificationsSeen.get(key) ?? 0) + 1);
            break;
          }
          case 'post:created': {
            const { post } = payload as ServerEventPayload<'post:created'>;
            if (post.authorId === this.sentinel.user.id) break;
            const created = this.posts.find((p) => p.id === post.id);
            if (!created) unexplained();
            else across(created.step, created.author, `post:created of ${this.postName(post.id)}`);
            break;
          }
          case 'post:counts': {
            const counts = payload as ServerEventPayload<'post:counts'>;
            const post = this.posts.find((p) => p.id === counts.postId);
            // Likes and comments only ever add one each here, so the total names the change that sent it; none
            // yet: the counts a watch gets, which happens as the post is made.
            const total = counts.likesCount + counts.dislikesCount + counts.commentsCount;
            const step = total === 0 ? post?.step : this.countChanges.get(counts.postId)?.[total - 1];
            if (!post || step === undefined) unexplained();
            else across(step, post.author, `post:counts of ${this.postName(post.id)} (total ${total})`);
            break;
          }
          case 'comment:created': {
            const { comment } = payload as ServerEventPayload<'comment:created'>;
            const made = this.comments.get(comment.id);
            const post = this.posts.find((p) => p.id === made?.postId);
            if (!made || !post) {
              unexplained();
              break;
            }
            const what = `comment:created of step ${made.step} on ${this.postName(post.id)}`;
            across(made.step, post.author, what);
            if (made.author !== post.author) across(made.step, made.author, what);
            break;
          }
          case 'friend-request:new':
          case 'friend-request:updated': {
            const { request } = payload as ServerEventPayload<'friend-request:new'>;
            const known = this.requests.get(request.id);
            const step = name === 'friend-request:new' ? known?.sent : known?.accepted;
            if (!known || step === undefined) unexplained();
            else if (user !== known.by && user !== known.to)
              found.push(`user ${user} got a stranger's ${name}`);
            else across(step, user === known.by ? known.to : known.by, name);
            break;
          }
          default:
            break;
        }
      }
    }
    for (const [key, seen] of notificationsSeen) {
      const source = this.notificationSources.get(key);
      const unblocked = source?.steps.filter((step) => !this.blockedAt(step, source.recipient, source.actor));
      if (seen <= (unblocked?.length ?? 0)) continue;
      const [recipient, actor, type, postId] = key.split('|');
      const about = postId ? ` about ${this.postName(postId)}` : '';
      const steps = (source?.steps ?? [])
        .map((step) => {
          const block = this.blockedAt(step, Number(recipient), Number(actor));
          return `${step}${block ? ` (${this.blockBetween(step, Number(recipient), Number(actor))})` : ''}`;
        })
        .join(', ');
      found.push(
        `user ${recipient} got ${seen} '${type}' notification(s) from user ${actor}${about}, but only ` +
          `${unblocked?.length ?? 0} step(s) could send one with no block between them (steps: ${steps || 'none'})`,
      );
    }
    return found;
  }
}

function notificationKey(recipient: number, actor: number, type: string, postId: string | undefined): string {
  return `${recipient}|${actor}|${type}|${postId ?? ''}`;
}
