import { z } from 'zod';
import { LIMITS } from '../constants';
import { FENCER_PAGE_SIZE } from '../profiles';
import { clientString, pageLimitSchema, uuidSchema } from './common';
import { english } from '../validation';

/**
 * The `:username` of GET /api/profiles/{username}: any stored username (looked up case-insensitively), so only
 * what no username can be is refused here (empty, too long, a NUL character).
 */
export const profileUsernameSchema = clientString(english('accounts.invalidUsername'))
  .min(1, { message: english('accounts.invalidUsername') })
  .max(LIMITS.username, { message: english('accounts.invalidUsername') });

/**
 * GET /api/profiles/{username}/posts?before=&limit=: keyset paging like the feed's. `before` is the id of the last
 * post already shown; one that is not a post of this fencer the viewer may see is 400 `Unknown post in before`.
 */
export const fencerPostsQuerySchema = z.object({
  limit: pageLimitSchema(FENCER_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type FencerPostsQuery = z.infer<typeof fencerPostsQuerySchema>;
