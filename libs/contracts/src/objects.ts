import { z } from './zod';

/** What an upload is for: a post's media, a fencer's avatar, or a club's logo. */
export const UPLOAD_PURPOSES = ['post', 'avatar', 'club'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const uploadReplySchema = z.object({ uploadUrl: z.string(), objectPath: z.string() });
export type UploadReply = z.infer<typeof uploadReplySchema>;
