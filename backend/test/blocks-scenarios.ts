import fc from 'fast-check';

/** One thing a fencer does; `by`, `to` and `target` index the run's users, `post` picks one of its posts. */
export type Action =
  | { kind: 'connect'; by: number; to: number }
  | { kind: 'block'; by: number; target: number }
  | { kind: 'unblock'; by: number; target: number }
  | { kind: 'message'; by: number; to: number }
  | { kind: 'post'; by: number }
  | { kind: 'like'; by: number; post: number }
  | { kind: 'comment'; by: number; post: number };

export interface Scenario {
  users: number;
  actions: Action[];
}

function actionArbitrary(users: number): fc.Arbitrary<Action> {
  const user = fc.nat({ max: users - 1 });
  // The second user is an offset from the first, so the two always differ.
  const pair = fc
    .tuple(user, fc.integer({ min: 1, max: users - 1 }))
    .map(([by, offset]) => ({ by, other: (by + offset) % users }));
  const onPost = fc.record({ by: user, post: fc.nat({ max: 9 }) });
  return fc.oneof(
    { weight: 3, arbitrary: pair.map(({ by, other }): Action => ({ kind: 'connect', by, to: other })) },
    { weight: 2, arbitrary: pair.map(({ by, other }): Action => ({ kind: 'block', by, target: other })) },
    { weight: 2, arbitrary: pair.map(({ by, other }): Action => ({ kind: 'unblock', by, target: other })) },
    { weight: 3, arbitrary: pair.map(({ by, other }): Action => ({ kind: 'message', by, to: other })) },
    { weight: 2, arbitrary: user.map((by): Action => ({ kind: 'post', by })) },
    { weight: 3, arbitrary: onPost.map(({ by, post }): Action => ({ kind: 'like', by, post })) },
    { weight: 3, arbitrary: onPost.map(({ by, post }): Action => ({ kind: 'comment', by, post })) },
  );
}

export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.integer({ min: 3, max: 4 }).chain((users) =>
  fc.record({
    users: fc.constant(users),
    actions: fc.array(actionArbitrary(users), { minLength: 8, maxLength: 20 }),
  }),
);

/** A known sequence run before the random ones: blocks by the blocked side, by a third party, and lifted. */
export const blockHeavyScenario: Scenario = {
  users: 3,
  actions: [
    { kind: 'connect', by: 0, to: 1 },
    { kind: 'connect', by: 2, to: 0 },
    { kind: 'post', by: 0 },
    { kind: 'block', by: 1, target: 0 },
    { kind: 'like', by: 2, post: 0 },
    { kind: 'comment', by: 2, post: 0 },
    { kind: 'post', by: 0 },
    { kind: 'message', by: 0, to: 1 },
    { kind: 'message', by: 2, to: 0 },
    { kind: 'comment', by: 1, post: 0 },
    { kind: 'unblock', by: 1, target: 0 },
    { kind: 'block', by: 2, target: 1 },
    { kind: 'comment', by: 1, post: 1 },
    { kind: 'like', by: 1, post: 0 },
    { kind: 'message', by: 1, to: 2 },
  ],
};
