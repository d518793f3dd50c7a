import { searchReplySchema, type SearchReply, type SearchType } from '@piste/contracts';
import { api } from './client';

export interface SearchOptions {
  type?: SearchType;
  limit?: number;
  /** The last post already shown, for the next page of posts (with type 'posts'). */
  before?: string;
}

/** GET /api/search?q&type&limit&before: posts (best match first) and fencers for the typed text. */
export function search(
  text: string,
  { type = 'all', limit, before }: SearchOptions = {},
): Promise<SearchReply> {
  const params = new URLSearchParams({ q: text, type });
  if (limit !== undefined) params.set('limit', String(limit));
  if (before) params.set('before', before);
  return api.get(`/api/search?${params.toString()}`, searchReplySchema);
}
