import { z } from 'zod';
import { LIMITS, MEDIA_TYPES, POST_TYPES, POST_VISIBILITIES, WEAPONS } from '../constants';
import { MEDIA_ALT_MAX } from '../posts';
import { clientString, paginationQuerySchema, uuidSchema } from './common';
import { english } from '../validation';

const detail = clientString().trim().max(LIMITS.detailField).nullish();

export const drillDetailsSchema = z.object({
  duration: detail,
  level: detail,
  equipment: detail,
  focus: detail,
});

export const achievementDetailsSchema = z.object({
  place: detail,
  score: detail,
  competition: detail,
  competitors: z.coerce.number().int().min(0).max(100000).nullish(),
});

/** A post's text, as written and as edited. */
export const postContentSchema = clientString(english('posts.contentRequired'))
  .trim()
  .min(1, { message: english('posts.contentRequired') })
  .max(LIMITS.postContent, { message: english('posts.contentTooLong', { max: LIMITS.postContent }) });

/** A comment's text, as written and as edited. */
export const commentContentSchema = clientString(english('posts.commentRequired'))
  .trim()
  .min(1, { message: english('posts.commentRequired') })
  .max(LIMITS.commentContent, { message: english('posts.commentTooLong', { max: LIMITS.commentContent }) });

const mediaAltSchema = clientString()
  .trim()
  .max(MEDIA_ALT_MAX, { message: english('posts.mediaAltTooLong', { max: MEDIA_ALT_MAX }) });

/**
 * POST /api/posts. authorId and authorRole may be sent (the spec's client does) but the session decides.
 * Without `visibility`, a post is public, or for connections only when its author is a youth fencer.
 */
export const createPostSchema = z
  .object({
    content: postContentSchema,
    visibility: z.enum(POST_VISIBILITIES, { message: english('posts.visibility') }).optional(),
    /** The club it is posted to (its members only, §4d); such a post is public or for the club. */
    clubId: z.uuid({ message: english('ids.club') }).nullish(),
    mediaAlt: mediaAltSchema.nullish(),
    type: z.enum(POST_TYPES, { message: english('posts.type') }).default('general'),
    weapon: z.enum(WEAPONS, { message: english('weapons.choose') }),
    authorId: clientString().max(64).optional(),
    authorRole: clientString().max(50).nullish(),
    mediaUrl: clientString()
      .max(300, { message: english('posts.media') })
      .regex(/^\/objects\/[A-Za-z0-9/_.-]+$/, { message: english('posts.media') })
      .nullish(),
    mediaType: z.enum(MEDIA_TYPES, { message: english('uploads.wrongTypeMedia') }).nullish(),
    /** A video's poster frame: an image the same user uploaded for a post. */
    mediaPosterUrl: clientString()
      .max(300, { message: english('posts.poster') })
      .regex(/^\/objects\/[A-Za-z0-9/_.-]+$/, { message: english('posts.poster') })
      .nullish(),
    drillDetails: drillDetailsSchema.nullish(),
    achievementDetails: achievementDetailsSchema.nullish(),
  })
  .refine((p) => p.type === 'drill' || !p.drillDetails, {
    message: english('posts.drillDetails'),
    path: ['drillDetails'],
  })
  .refine((p) => p.type === 'achievement' || !p.achievementDetails, {
    message: english('posts.achievementDetails'),
    path: ['achievementDetails'],
  })
  .refine((p) => !p.mediaUrl === !p.mediaType, {
    message: english('posts.mediaBoth'),
    path: ['mediaType'],
  })
  .refine((p) => !p.mediaPosterUrl || p.mediaType === 'video', {
    message: english('posts.posterOnlyForVideo'),
    path: ['mediaPosterUrl'],
  })
  .refine((p) => !p.mediaAlt || p.mediaType === 'image', {
    message: english('posts.altOnlyForImage'),
    path: ['mediaAlt'],
  })
  .refine((p) => (p.visibility === 'club' ? Boolean(p.clubId) : true), {
    message: english('posts.clubRequired'),
    path: ['clubId'],
  })
  .refine((p) => !p.clubId || p.visibility !== 'connections', {
    message: english('posts.clubVisibility'),
    path: ['visibility'],
  });
export type CreatePostPayload = z.input<typeof createPostSchema>;

/**
 * GET /api/posts/{weapon}: `offset` paging (the spec's client) or keyset paging with `before`, the id of the
 * last post already shown: the page then holds the posts after it in (createdAt DESC, id DESC) order, as cheap
 * at any depth as the first page. Not both at once. A `before` that is not a post of this weapon the viewer may
 * see (unknown, deleted, or across a block) is 400 `Unknown post in before`; a post the viewer hid still works.
 */
export const feedQuerySchema = paginationQuerySchema
  .extend({
    offset: z.coerce.number().int().min(0).optional(),
    before: uuidSchema.optional(),
  })
  .refine((q) => q.before === undefined || q.offset === undefined, {
    message: english('posts.beforeOrOffset'),
    path: ['before'],
  });
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** POST /api/likes and /api/dislikes. */
export const reactionPayloadSchema = z.object({
  userId: clientString().max(64).optional(),
  postId: z.uuid({ message: english('ids.post') }),
});
export const hidePostSchema = z.object({ postId: z.uuid({ message: english('ids.post') }) });

export const createCommentSchema = z.object({
  postId: z.uuid({ message: english('ids.post') }),
  authorId: clientString().max(64).optional(),
  parentId: z.uuid({ message: english('ids.comment') }).nullish(),
  content: commentContentSchema,
});
export type CreateCommentPayload = z.input<typeof createCommentSchema>;

/** The `:weapon` of GET /api/posts/{weapon}. */
export const weaponParamSchema = z.enum(WEAPONS, { message: english('weapons.filter') });

/** GET /api/comments?postId= */
export const commentsQuerySchema = z.object({ postId: z.uuid({ message: english('ids.post') }) });
