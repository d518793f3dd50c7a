import { AVATAR_MAX_BYTES, POST_MEDIA_MAX_BYTES, type MediaType } from './constants';
import type { ValidationKey } from './validation';
import { z } from './zod';

/** What an upload is for: a post's media, a fencer's avatar, or a club's logo. */
export const UPLOAD_PURPOSES = ['post', 'avatar', 'club'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const uploadReplySchema = z.object({ uploadUrl: z.string(), objectPath: z.string() });
export type UploadReply = z.infer<typeof uploadReplySchema>;

/**
 * The rules a picked file must meet for each purpose, said by the app's file pickers and by the server alike: its
 * kinds, its largest size, and the texts (`validation` catalogue) for a file of another kind or a larger one.
 */
export const UPLOAD_RULES = {
  post: {
    kinds: ['image', 'video'],
    maxBytes: POST_MEDIA_MAX_BYTES,
    wrongType: 'uploads.wrongTypeMedia',
    tooLarge: 'uploads.tooLargeMedia',
  },
  avatar: {
    kinds: ['image'],
    maxBytes: AVATAR_MAX_BYTES,
    wrongType: 'uploads.wrongTypeImage',
    tooLarge: 'uploads.tooLargeImage',
  },
  club: {
    kinds: ['image'],
    maxBytes: AVATAR_MAX_BYTES,
    wrongType: 'uploads.wrongTypeImage',
    tooLarge: 'uploads.tooLargeImage',
  },
} as const satisfies Record<UploadPurpose, UploadRule>;

export interface UploadRule {
  kinds: readonly MediaType[];
  maxBytes: number;
  wrongType: ValidationKey;
  tooLarge: ValidationKey;
}
