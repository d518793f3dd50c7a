import { z } from 'zod';
import { clientString } from './common';

/** What an upload is for: a post's media, a fencer's avatar, or a club's logo. */
export const UPLOAD_PURPOSES = ['post', 'avatar', 'club'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** POST /api/objects/upload; an empty body means an avatar upload (the spec's profile flow). */
export const uploadRequestSchema = z.object({
  filename: clientString().trim().max(255).optional(),
  contentType: clientString().trim().max(100).optional(),
  size: z.number().int().min(0).optional(),
  purpose: z.enum(UPLOAD_PURPOSES).default('avatar'),
});
export type UploadRequest = z.input<typeof uploadRequestSchema>;

export const uploadReplySchema = z.object({ uploadUrl: z.string(), objectPath: z.string() });
export type UploadReply = z.infer<typeof uploadReplySchema>;
