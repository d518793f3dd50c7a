import { DataSource } from 'typeorm';
import type { Conversation, DirectMessage } from '@piste/contracts';
import { connectUsers, makeUser, type TestApp, type TestUser } from './helpers';

export type SendReply = { message: DirectMessage; conversationId: string };

/** Sends a direct message as `from`; the reply is returned whatever its status. */
export function send(from: TestUser, to: TestUser, content: string, extra: Record<string, unknown> = {}) {
  return from.client.post<SendReply>('/api/messages', { receiverId: to.user.id, content, ...extra });
}

/** Sends a direct message that must be accepted. */
export async function sendOk(from: TestUser, to: TestUser, content: string): Promise<SendReply> {
  const res = await send(from, to, content);
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function conversationsOf(user: TestUser): Promise<Conversation[]> {
  const res = await user.client.get<Conversation[]>('/api/conversations');
  if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
  return res.body;
}

/** One page of a conversation's messages, as `user` sees it. */
export function page(user: TestUser, conversationId: string, query = '') {
  return user.client.get<DirectMessage[]>(`/api/messages?conversationId=${conversationId}${query}`);
}

/** Two fresh users who are connected, so they may message each other. */
export async function connectedPair(t: TestApp): Promise<[TestUser, TestUser]> {
  const a = await makeUser(t);
  const b = await makeUser(t);
  await connectUsers(t, a, b);
  return [a, b];
}

/** The number a `SELECT count(*) AS n …` query counts, straight from the database. */
export async function storedCount(t: TestApp, sql: string, params: unknown[]): Promise<number> {
  const [row] = await t.app.get(DataSource).query<Array<{ n: number }>>(sql, params);
  return Number(row.n);
}

/** How many conversations the database holds between two users (there must never be more than one). */
export function conversationsBetween(t: TestApp, a: TestUser, b: TestUser): Promise<number> {
  return storedCount(
    t,
    `SELECT count(*) AS n FROM conversations WHERE "participant1Id" IN ($1, $2) AND "participant2Id" IN ($1, $2)`,
    [a.user.id, b.user.id],
  );
}
