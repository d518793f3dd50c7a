import fc from 'fast-check';
import { WEAPONS, type PostVisibility, type Weapon } from '@piste/contracts';

/**
 * One thing a fencer does; `by`, `to`, `target` and `mention` index the run's users, `post` and `comment` pick one
 * of the run's posts or comments (modulo how many there are when the step runs).
 */
export type Action =
  | {
      kind: 'post';
      by: number;
      visibility: PostVisibility;
      weapon: Weapon;
      drill: boolean;
      mention?: number;
    }
  | { kind: 'connect'; by: number; to: number }
  /** Joins or leaves the run's club (user 0 owns it and cannot leave). */
  | { kind: 'join-club'; by: number }
  | { kind: 'leave-club'; by: number }
  /**
   * Ends the `connection`-th connection standing (in order of the pairs; those of authors of connections-only posts
   * when there are any), by its first user or, with `reverse`, its second.
   */
  | { kind: 'disconnect'; connection: number; reverse: boolean }
  | { kind: 'block'; by: number; target: number }
  | { kind: 'unblock'; by: number; target: number }
  | { kind: 'mute-user'; by: number; target: number }
  /** Mutes the marker word of a post. */
  | { kind: 'mute-word'; by: number; post: number }
  | { kind: 'save'; by: number; post: number }
  | { kind: 'unsave'; by: number; post: number }
  | { kind: 'like'; by: number; post: number }
  | { kind: 'comment'; by: number; post: number; mention?: number }
  /** Without `by`, the post's author edits it; with it, someone tries to. */
  | { kind: 'edit-post'; post: number; by?: number; mention?: number }
  /** The comment's author edits it. */
  | { kind: 'edit-comment'; comment: number; mention?: number };

export interface Scenario {
  users: number;
  actions: Action[];
}

function actionArbitrary(users: number): fc.Arbitrary<Action> {
  const user = fc.nat({ max: users - 1 });
  const mention = fc.option(user, { nil: undefined, freq: 3 });
  // The second user is an offset from the first, so the two always differ.
  const pair = fc
    .tuple(user, fc.integer({ min: 1, max: users - 1 }))
    .map(([by, offset]) => ({ by, other: (by + offset) % users }));
  const post = fc.nat({ max: 19 });
  const onPost = fc.record({ by: user, post });
  const posting = fc.record({
    by: user,
    visibility: fc.constantFrom<PostVisibility>('connections', 'connections', 'public', 'club', 'club'),
    weapon: fc.constantFrom(...WEAPONS),
    drill: fc.boolean(),
    mention,
  });
  return fc.oneof(
    { weight: 5, arbitrary: posting.map((p): Action => ({ kind: 'post', ...p })) },
    { weight: 3, arbitrary: pair.map(({ by, other }): Action => ({ kind: 'connect', by, to: other })) },
    {
      weight: 5,
      arbitrary: fc
        .record({ connection: fc.nat({ max: 5 }), reverse: fc.boolean() })
        .map((a): Action => ({ kind: 'disconnect', ...a })),
    },
    { weight: 2, arbitrary: user.map((by): Action => ({ kind: 'join-club', by })) },
    { weight: 2, arbitrary: user.map((by): Action => ({ kind: 'leave-club', by })) },
    { weight: 2, arbitrary: pair.map(({ by, other }): Action => ({ kind: 'block', by, target: other })) },
    { weight: 1, arbitrary: pair.map(({ by, other }): Action => ({ kind: 'unblock', by, target: other })) },
    { weight: 1, arbitrary: pair.map(({ by, other }): Action => ({ kind: 'mute-user', by, target: other })) },
    { weight: 1, arbitrary: onPost.map((a): Action => ({ kind: 'mute-word', ...a })) },
    { weight: 2, arbitrary: onPost.map((a): Action => ({ kind: 'save', ...a })) },
    { weight: 1, arbitrary: onPost.map((a): Action => ({ kind: 'unsave', ...a })) },
    { weight: 2, arbitrary: onPost.map((a): Action => ({ kind: 'like', ...a })) },
    {
      weight: 3,
      arbitrary: fc.record({ by: user, post, mention }).map((a): Action => ({ kind: 'comment', ...a })),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({ post, by: fc.option(user, { nil: undefined, freq: 4 }), mention })
        .map((a): Action => ({ kind: 'edit-post', ...a })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ comment: fc.nat({ max: 19 }), mention })
        .map((a): Action => ({ kind: 'edit-comment', ...a })),
    },
  );
}

/** Connections first, so that connections-only posts have an audience that later steps can take away. */
export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.integer({ min: 3, max: 4 }).chain((users) => {
  const connect = fc
    .tuple(fc.nat({ max: users - 1 }), fc.integer({ min: 1, max: users - 1 }))
    .map(([by, offset]): Action => ({ kind: 'connect', by, to: (by + offset) % users }));
  return fc.record({
    users: fc.constant(users),
    actions: fc
      .tuple(
        fc.array(connect, { minLength: 2, maxLength: 4 }),
        fc.array(actionArbitrary(users), { minLength: 10, maxLength: 22 }),
      )
      .map(([first, then]) => [...first, ...then]),
  });
});

/**
 * A known sequence run before the random ones: a connection ends under a connections-only post the ex-friend had
 * seen, liked and been named in; the author then edits it and names the ex-friend in a comment.
 */
export const exFriendScenario: Scenario = {
  users: 3,
  actions: [
    { kind: 'connect', by: 0, to: 1 },
    { kind: 'connect', by: 2, to: 0 },
    { kind: 'post', by: 0, visibility: 'connections', weapon: 'epee', drill: true, mention: 1 },
    { kind: 'like', by: 1, post: 0 },
    { kind: 'save', by: 1, post: 0 },
    { kind: 'comment', by: 1, post: 0 },
    { kind: 'disconnect', connection: 0, reverse: false },
    { kind: 'edit-post', post: 0 },
    { kind: 'comment', by: 0, post: 0, mention: 1 },
    { kind: 'edit-comment', comment: 0, mention: 2 },
    { kind: 'like', by: 2, post: 0 },
    { kind: 'edit-post', post: 0, mention: 1 },
    { kind: 'like', by: 1, post: 0 },
    { kind: 'unsave', by: 1, post: 0 },
  ],
};

/**
 * A known sequence for a club-only post: a member sees, likes and comments on it, then leaves the club; the
 * author edits it; the ex-member and a fencer who never joined are refused.
 */
export const exMemberScenario: Scenario = {
  users: 3,
  actions: [
    { kind: 'join-club', by: 1 },
    { kind: 'post', by: 0, visibility: 'club', weapon: 'foil', drill: true, mention: 1 },
    { kind: 'post', by: 2, visibility: 'club', weapon: 'foil', drill: false },
    { kind: 'like', by: 1, post: 0 },
    { kind: 'comment', by: 1, post: 0 },
    { kind: 'like', by: 2, post: 0 },
    { kind: 'leave-club', by: 1 },
    { kind: 'edit-post', post: 0, mention: 1 },
    { kind: 'like', by: 1, post: 0 },
    { kind: 'leave-club', by: 0 },
    { kind: 'join-club', by: 2 },
    { kind: 'post', by: 2, visibility: 'club', weapon: 'sabre', drill: false },
    { kind: 'comment', by: 2, post: 0 },
  ],
};
