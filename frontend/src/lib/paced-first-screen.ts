import { useEffect, useState } from 'react';

/** The first screen's list draws this many items in the first render, then one more per task. */
const FIRST_ITEMS = 2;

let pacing = false;

/**
 * Asks the first list drawn after this (a feed's first page, when the app opens on it) to draw its items over
 * several tasks: drawing ten post cards at once keeps a phone's main thread busy for a long task, and a tap
 * waits for it. Called once, before the first render (main.tsx); lists drawn later draw at once.
 */
export function paceFirstScreen(): void {
  pacing = true;
}

/**
 * How many of a list's `total` items to draw now: all of them, except for the first list of a paced first
 * screen, which draws `FIRST_ITEMS` (enough to fill a phone's screen) and then one more per task (after the
 * browser has painted) until it has drawn them all; then pacing ends for good.
 */
export function usePacedCount(total: number): number {
  const [paced] = useState(() => pacing);
  const [count, setCount] = useState(FIRST_ITEMS);
  const done = !paced || count >= total;
  // A list left before it was drawn in full ends the pacing too.
  useEffect(
    () => () => {
      if (paced) pacing = false;
    },
    [paced],
  );
  useEffect(() => {
    if (!paced) return;
    if (count >= total) {
      // An empty list (still loading) has drawn nothing yet: the pacing waits for its items.
      if (total > 0) pacing = false;
      return;
    }
    const timer = setTimeout(() => setCount((shown) => shown + 1), 0);
    return () => clearTimeout(timer);
  }, [paced, count, total]);
  return done ? total : count;
}
