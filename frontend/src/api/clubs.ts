import {
  clubMembersPageSchema,
  clubPageSchema,
  clubRequestsSchema,
  clubsPageSchema,
  fencerClubSchema,
  postPageSchema,
  type ClubMembersPage,
  type ClubPage,
  type ClubRequest,
  type ClubRole,
  type ClubsPage,
  type CreateClubPayload,
  type FencerClub,
  type PostPage,
  type UpdateClubPayload,
  type Weapon,
} from '@piste/contracts';
import * as z from 'zod/mini';
import { api } from './client';

/** The club calls of DESIGN.md §4d: the directory, a club's page, its members and its requests. */

const clubPath = (slug: string) => `/api/clubs/${encodeURIComponent(slug)}`;

function withParams(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** What the directory is narrowed to: a name, a country (two-letter code) and a weapon. */
export interface ClubFilters {
  q?: string;
  country?: string;
  weapon?: Weapon;
}

/** GET /api/clubs: newest first, a page at a time. */
export function fetchClubs(filters: ClubFilters, before?: string): Promise<ClubsPage> {
  return api.get(withParams('/api/clubs', { ...filters, before }), clubsPageSchema);
}

/** POST /api/clubs: the creator becomes its owner. */
export function createClub(payload: CreateClubPayload): Promise<ClubPage> {
  return api.post('/api/clubs', payload, clubPageSchema);
}

export function fetchClub(slug: string): Promise<ClubPage> {
  return api.get(clubPath(slug), clubPageSchema);
}

/** PATCH /api/clubs/{slug} (admins). */
export function updateClub(slug: string, edit: UpdateClubPayload): Promise<ClubPage> {
  return api.patch(clubPath(slug), edit, clubPageSchema);
}

/** DELETE /api/clubs/{slug} (the owner). */
export async function deleteClub(slug: string): Promise<void> {
  await api.delete(clubPath(slug));
}

/** POST /api/clubs/{slug}/join: a member at once when joining is open, else a pending request. */
export function joinClub(slug: string): Promise<ClubPage> {
  return api.post(`${clubPath(slug)}/join`, undefined, clubPageSchema);
}

/** GET /api/clubs/{slug}/members: owner first, then admins, coaches and members. */
export function fetchClubMembers(slug: string, before?: string): Promise<ClubMembersPage> {
  return api.get(withParams(`${clubPath(slug)}/members`, { before }), clubMembersPageSchema);
}

/** GET /api/clubs/{slug}/requests (admins): who waits, oldest first. */
export function fetchClubRequests(slug: string): Promise<ClubRequest[]> {
  return api.get(`${clubPath(slug)}/requests`, clubRequestsSchema);
}

export async function answerClubRequest(slug: string, userId: string, accept: boolean): Promise<void> {
  await api.post(`${clubPath(slug)}/requests/${userId}/${accept ? 'accept' : 'decline'}`);
}

/** PATCH /api/clubs/{slug}/members/{userId}: 'owner' hands the club over. */
export async function setClubRole(slug: string, userId: string, role: ClubRole): Promise<void> {
  await api.patch(`${clubPath(slug)}/members/${userId}`, { role });
}

/** DELETE /api/clubs/{slug}/members/{userId}: leaving (oneself) or removing someone (admins). */
export async function removeClubMember(slug: string, userId: string): Promise<void> {
  await api.delete(`${clubPath(slug)}/members/${userId}`);
}

/** GET /api/profiles/{username}/clubs: the clubs on a fencer's page. */
export function fetchFencerClubs(username: string): Promise<FencerClub[]> {
  return api.get(`/api/profiles/${encodeURIComponent(username)}/clubs`, z.array(fencerClubSchema));
}

/** GET /api/clubs/{slug}/posts: newest first, club-only ones for members alone. */
export function fetchClubPosts(slug: string, before?: string): Promise<PostPage> {
  return api.get(withParams(`${clubPath(slug)}/posts`, { before }), postPageSchema);
}
