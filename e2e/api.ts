/**
 * What the journeys set up through the API rather than the screens: fencers, connections, posts and uploads.
 * Each call takes the request context of a browser context, whose cookie jar is the signed-in session.
 */
import type { APIRequestContext, APIResponse } from 'playwright-core';

export const PASSWORD = 'secret123';

export interface Fencer {
  id: string;
  username: string;
  name: string;
}

/** What a fencer may fill in on signing up, besides the username. */
export interface Profile {
  name?: string;
  weaponSpecialty?: 'foil' | 'epee' | 'sabre';
  title?: string;
  bio?: string;
  location?: string;
}

export function uniqueName(prefix = 'fencer'): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 9)}`;
}

/** The JSON of a successful API reply (null when it has no body); anything else fails with the status and body. */
export async function ok<T = unknown>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  const text = await res.text();
  if (!res.ok()) throw new Error(`${res.status()}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Signs a new fencer up (named `Fencer {username}` unless told otherwise); the context keeps the session. */
export function signUpByApi(
  request: APIRequestContext,
  { username = uniqueName(), ...profile }: Profile & { username?: string } = {},
): Promise<Fencer> {
  return ok<Fencer>(
    request.post('/api/register', {
      data: {
        username,
        email: `${username}@example.com`,
        name: `Fencer ${username}`,
        weaponSpecialty: 'epee',
        password: PASSWORD,
        ...profile,
      },
    }),
  );
}

export async function logInByApi(
  request: APIRequestContext,
  username: string,
  password = PASSWORD,
): Promise<void> {
  await ok(request.post('/api/login', { data: { username, password } }));
}

/** The signed-in fencer of a context. */
export function sessionUser(request: APIRequestContext): Promise<Fencer> {
  return ok<Fencer>(request.get('/api/user'));
}

/** `from` asks `to` to connect; `to` accepts. Returns `to`'s id. */
export async function connect(from: APIRequestContext, to: APIRequestContext): Promise<string> {
  const receiverId = (await sessionUser(to)).id;
  const request = await ok<{ id: string }>(from.post('/api/friend-requests', { data: { receiverId } }));
  await ok(to.put(`/api/friend-requests/${request.id}`, { data: { status: 'accepted' } }));
  return receiverId;
}

/** A general épée post unless `data` says otherwise. */
export function createPost(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<{ id: string }> {
  return ok(request.post('/api/posts', { data: { type: 'general', weapon: 'epee', ...data } }));
}

export function reportPost(request: APIRequestContext, postId: string): Promise<unknown> {
  return ok(request.post('/api/reports', { data: { postId, reason: 'Inappropriate content' } }));
}

/** A report of a comment, a message, a fencer or a post with a category (DESIGN.md §4e). */
export function reportItem(
  request: APIRequestContext,
  targetType: 'post' | 'comment' | 'message' | 'user',
  targetId: string,
  reason: string,
  description?: string,
): Promise<unknown> {
  return ok(request.post('/api/reports', { data: { targetType, targetId, reason, description } }));
}

export function sendMessage(
  request: APIRequestContext,
  receiverId: string,
  content: string,
): Promise<unknown> {
  return ok(request.post('/api/messages', { data: { receiverId, content } }));
}

/** Uploads a post's media the way the app does: an upload URL, then the bytes. Returns the stored path. */
export async function uploadPostMedia(
  request: APIRequestContext,
  bytes: Buffer,
  contentType: string,
  filename: string,
): Promise<string> {
  const ticket = await ok<{ objectPath: string; uploadUrl: string }>(
    request.post('/api/objects/upload', {
      data: { filename, contentType, size: bytes.length, purpose: 'post' },
    }),
  );
  await ok(request.put(ticket.uploadUrl, { data: bytes, headers: { 'content-type': contentType } }));
  return ticket.objectPath;
}
