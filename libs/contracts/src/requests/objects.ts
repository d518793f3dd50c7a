import { z } from 'zod';
import { UPLOAD_PURPOSES } from '../objects';
import { clientString } from './common';

/** POST /api/objects/upload; an empty body means an avatar upload (the spec's profile flow). */
export const uploadRequestSchema = z.object({
  filename: clientString().trim().max(255).optional(),
  contentType: clientString().trim().max(100).optional(),
  size: z.number().int().min(0).optional(),
  purpose: z.enum(UPLOAD_PURPOSES).default('avatar'),
});
export type UploadRequest = z.input<typeof uploadRequestSchema>;
