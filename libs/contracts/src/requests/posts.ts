import { z } from 'zod';
import { LIMITS, MEDIA_TYPES, POST_TYPES, POST_VISIBILITIES, WEAPONS } from '../constants';
import { MEDIA_ALT_MAX } from '../posts';
import { clientString, paginationQuerySchema, uuidSchema } from './common';

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
export const postContentSchema = clientString('Please enter some content for your post.')
  .trim()
  .min(1, { message: 'Please enter some content for your post.' })
  .max(LIMITS.postContent, { message: `Posts can be at most ${LIMITS.postContent} characters` });

/** A comment's text, as written and as edited. */
export const commentContentSchema = clientString('Comment cannot be empty')
  .trim()
  .min(1, { message: 'Comment cannot be empty' })
  .max(LIMITS.commentContent, { message: `Comments can be at most ${LIMITS.commentContent} characters` });

const mediaAltSchema = clientString()
  .trim()
  .max(MEDIA_ALT_MAX, { message: `An image description can be at most ${MEDIA_ALT_MAX} characters` });

/**
 * POST /api/posts. authorId and authorRole may be sent (the spec's client does) but the session decides.
 * Without `visibility`, a post is public, or for connections only when its author is a youth fencer.
 */
export const createPostSchema = z
  .object({
    content: postContentSchema,
    visibility: z
      .enum(POST_VISIBILITIES, { message: 'Visibility must be public, connections or club' })
      .optional(),
    /** The club it is posted to (its members only, §4d); such a post is public or for the club. */
    clubId: z.uuid({ message: 'Invalid club id' }).nullish(),
    mediaAlt: mediaAltSchema.nullish(),
    type: z.enum(POST_TYPES, { message: 'Type must be general, drill or achievement' }).default('general'),
    weapon: z.enum(WEAPONS, { message: 'Choose a weapon: epee, foil or sabre' }),
    authorId: clientString().max(64).optional(),
    authorRole: clientString().max(50).nullish(),
    mediaUrl: clientString()
      .max(300, { message: 'Media must be an uploaded file' })
      .regex(/^\/objects\/[A-Za-z0-9/_.-]+$/, { message: 'Media must be an uploaded file' })
      .nullish(),
    mediaType: z.enum(MEDIA_TYPES, { message: 'Please select an image or video file.' }).nullish(),
    /** A video's poster frame: an image the same user uploaded for a post. */
    mediaPosterUrl: clientString()
      .max(300, { message: 'The poster must be an uploaded image' })
      .regex(/^\/objects\/[A-Za-z0-9/_.-]+$/, { message: 'The poster must be an uploaded image' })
      .nullish(),
    drillDetails: drillDetailsSchema.nullish(),
    achievementDetails: achievementDetailsSchema.nullish(),
  })
  .refine((p) => p.type === 'drill' || !p.drillDetails, {
    message: 'Drill details are only for drill posts',
    path: ['drillDetails'],
  })
  .refine((p) => p.type === 'achievement' || !p.achievementDetails, {
    message: 'Achievement details are only for achievement posts',
    path: ['achievementDetails'],
  })
  .refine((p) => !p.mediaUrl === !p.mediaType, {
    message: 'Media needs both a file and its type',
    path: ['mediaType'],
  })
  .refine((p) => !p.mediaPosterUrl || p.mediaType === 'video', {
    message: 'Only a video has a poster',
    path: ['mediaPosterUrl'],
  })
  .refine((p) => !p.mediaAlt || p.mediaType === 'image', {
    message: 'Only an image has a description',
    path: ['mediaAlt'],
  })
  .refine((p) => (p.visibility === 'club' ? Boolean(p.clubId) : true), {
    message: 'Choose the club this post is for',
    path: ['clubId'],
  })
  .refine((p) => !p.clubId || p.visibility !== 'connections', {
    message: 'A club post is for everyone or for the club',
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
    message: 'Use either before or offset, not both',
    path: ['before'],
  });
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** POST /api/likes and /api/dislikes. */
export const reactionPayloadSchema = z.object({
  userId: clientString().max(64).optional(),
  postId: z.uuid({ message: 'Invalid post id' }),
});
export const hidePostSchema = z.object({ postId: z.uuid({ message: 'Invalid post id' }) });

export const createCommentSchema = z.object({
  postId: z.uuid({ message: 'Invalid post id' }),
  authorId: clientString().max(64).optional(),
  parentId: z.uuid({ message: 'Invalid comment id' }).nullish(),
  content: commentContentSchema,
});
export type CreateCommentPayload = z.input<typeof createCommentSchema>;

/** The `:weapon` of GET /api/posts/{weapon}. */
export const weaponParamSchema = z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' });

/** GET /api/comments?postId= */
export const commentsQuerySchema = z.object({ postId: z.uuid({ message: 'Invalid post id' }) });
