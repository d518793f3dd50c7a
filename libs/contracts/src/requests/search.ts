import { z } from 'zod';
import { SEARCH_PAGE_SIZE, SEARCH_TEXT_MAX, SEARCH_TEXT_REQUIRED, SEARCH_TYPES } from '../search';
import { clientString, pageLimitSchema, uuidSchema } from './common';
import { english } from '../validation';

/**
 * GET /api/search?q=&type=&limit=&before=: posts by their words (content and drill or achievement details,
 * accents ignored, best match first) and fencers by name or username. `limit` caps each group. Posts page with
 * `before`, the id of the last post already shown, and only with `type=posts`; fencers do not page.
 */
export const searchQuerySchema = z
  .object({
    q: clientString(SEARCH_TEXT_REQUIRED)
      .trim()
      .min(1, { message: SEARCH_TEXT_REQUIRED })
      .max(SEARCH_TEXT_MAX, { message: english('search.tooLong', { max: SEARCH_TEXT_MAX }) }),
    type: z.enum(SEARCH_TYPES, { message: english('search.type') }).default('all'),
    limit: pageLimitSchema(SEARCH_PAGE_SIZE),
    before: uuidSchema.optional(),
  })
  .refine((query) => query.before === undefined || query.type === 'posts', {
    message: english('search.beforeOnlyForPosts'),
    path: ['before'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;
