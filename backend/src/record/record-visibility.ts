import { connectedSql } from '../connections/request-rows';

/**
 * Who sees a fencer's record (ratings, bouts, totals, head-to-head; DESIGN.md §4d), as an SQL condition over the
 * fencer's user row `u` and the viewer: the fencer themselves, everyone, or their connections, as they chose.
 * Blocks are the caller's to apply, as for every other read.
 */
export function recordVisibleTo(user: string, viewerParam: string): string {
  return (
    `(${user}."id" = ${viewerParam} OR ${user}."recordVisibility" = 'everyone'` +
    ` OR (${user}."recordVisibility" = 'connections' AND ${connectedSql(`${user}."id"`, viewerParam)}))`
  );
}
