/**
 * Only the newest call's reply lands. A view that asks again (another fencer, another query, a refetch) must
 * never be overwritten by a slow reply to an earlier ask: each call takes a check as it starts, and looks at it
 * once its reply is in.
 *
 * ```ts
 * const isLatest = latest.start();
 * const page = await fetchPage();
 * if (!isLatest()) return;
 * ```
 */
export interface LatestRequest {
  /** Starts a call that supersedes every earlier one; the check says whether it is still the newest. */
  start: () => () => boolean;
  /** Joins the newest call without superseding it (a Load More): dropped with it by the next `start`. */
  join: () => () => boolean;
  /** Drops every call in flight (the view was left, or the signed-in user changed). */
  drop: () => void;
}

export function latestRequest(): LatestRequest {
  let generation = 0;
  const checkFor = (mine: number) => () => mine === generation;
  return {
    start: () => checkFor(++generation),
    join: () => checkFor(generation),
    drop: () => {
      generation++;
    },
  };
}
