import type { Weapon } from '@piste/contracts';

/** What one simulated fencer does, and how often (the capacity scenario's "realistic mix"). */
export const MIX = {
  /** Reads the first page of their weapon's feed. */
  feedEveryMs: 20_000,
  /** Likes one of the posts on screen. */
  likeEveryMs: 60_000,
  /** Comments on one of the posts on screen. */
  commentEveryMs: 180_000,
  /** Sends a direct message to a connection, who has the conversation open (and so marks it read). */
  messageEveryMs: 90_000,
};

/** Requests per fencer and second that MIX makes (the receiver's "read" included). */
export const REQUESTS_PER_FENCER_SECOND =
  1000 / MIX.feedEveryMs + 1000 / MIX.likeEveryMs + 1000 / MIX.commentEveryMs + 2000 / MIX.messageEveryMs;

/** One simulated fencer: who they are, where they connect, what they see. */
export interface FencerSpec {
  /** Position among all fencers of the run. */
  index: number;
  userId: string;
  cookie: string;
  weapon: Weapon;
  /** The replica this fencer's socket and requests go to. */
  url: string;
  /**
   * The posts on their screen (a phone shows a few of the first page's ten; a probe all ten): watched with
   * `posts:watch`, and the ones they like and comment on.
   */
  screen: string[];
  /** Posts whose comments they have open at first (`comments:watch`); commenting on another post opens its. */
  threads: string[];
  /** Posts of their screen they may like, in the order they will (none they reacted to before). */
  likable: string[];
  /** The fencer (index) they message: a connection, simulated by the same worker. */
  partner: number;
  /** Probes decode the events about posts and check each like and comment of their worker arrives. */
  probe: boolean;
}

/** What the workers check events against. */
export interface DeliveryRules {
  /** Events later than this (from just before the request that caused them) are late. */
  lateMs: number;
  /** Counts may wait for the coalescing interval: they are late after lateMs + this. */
  countsIntervalMs: number;
  /** An event not arrived this long after its request is lost. */
  lostMs: number;
}

export const REQUEST_KINDS = ['feed', 'like', 'comment', 'message', 'read'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const DELIVERY_KINDS = ['counts', 'comment', 'message'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** One worker's figures since its previous sample. */
export interface WorkerSample {
  /** Milliseconds per request, by kind. */
  latencies: Record<RequestKind, number[]>;
  /** Failed requests, `kind status` (or `kind error`) → count. */
  failures: Record<string, number>;
  /** Event frames received, by event name. */
  events: Record<string, number>;
  /** Milliseconds from request to event, of what the probes (counts, comments) and receivers (messages) checked. */
  deliveries: Record<DeliveryKind, number[]>;
  late: Record<DeliveryKind, number>;
  lost: Record<DeliveryKind, number>;
  /** Sockets that lost their connection. */
  disconnects: number;
  /** Actions skipped: nothing left to like. */
  skipped: number;
  /** The worker's own CPU (user + system), microseconds. */
  cpuMicros: number;
}

/** The end of a step: each socket's last counts of each post on its screen, against the database. */
export interface CountsCheck {
  checked: number;
  /** The last counts a socket got differ from the post's. */
  stale: number;
  /** A post's counts changed during the step but the socket got none. */
  missing: number;
}

/** Counts as the database holds them at the end of a step. */
export interface PostTruth {
  likesCount: number;
  commentsCount: number;
  /** Whether they changed during the step. */
  changed: boolean;
}
