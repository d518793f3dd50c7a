import {
  FENCER_PAGE_SIZE,
  feedPostSchema,
  fencerProfileSchema,
  type FeedPost,
  type FencerProfile,
} from '@piste/contracts';
import * as z from 'zod/mini';
import { api } from './client';

const postListSchema = z.array(feedPostSchema);

/** GET /api/profiles/{username}: a fencer's public profile, your connection state and their record. */
export function fetchFencerProfile(username: string): Promise<FencerProfile> {
  return api.get(`/api/profiles/${encodeURIComponent(username)}`, fencerProfileSchema);
}

/** GET /api/profiles/{username}/posts?limit&before: the page of their posts after `before`, newest first. */
export function fetchFencerPosts(username: string, before?: string): Promise<FeedPost[]> {
  const cursor = before ? `&before=${encodeURIComponent(before)}` : '';
  return api.get(
    `/api/profiles/${encodeURIComponent(username)}/posts?limit=${FENCER_PAGE_SIZE}${cursor}`,
    postListSchema,
  );
}
