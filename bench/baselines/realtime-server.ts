/**
 * The bare baseline of the real-time scenarios: `node:http` and a Socket.IO server with the in-memory adapter,
 * no database and no authentication. A socket names its user in the handshake query and joins `user:{id}`;
 * `feed:watch` and `posts:watch` join the rooms Piste uses. The POST handlers emit the events Piste emits, with
 * the same payload shapes, and answer with the same reply shapes.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server } from 'socket.io';
import type { DirectMessage, PostCounts, ReactionReply } from '@piste/contracts';
import { reply } from './json-reply';

const UNLIKE_PATH = /^\/api\/likes\/([^/]+)\/([^/]+)$/;

const http = createServer((request, response) => {
  handle(request, response).catch((err: unknown) => reply(response, 500, { message: String(err) }));
});
const io = new Server(http, { path: '/socket.io', serveClient: false });

io.on('connection', (socket) => {
  const user = socket.handshake.query.user;
  if (typeof user === 'string') void socket.join(`user:${user}`);
  socket.on('feed:watch', (body: { weapon?: string }) => void socket.join(`feed:${body?.weapon}`));
  socket.on('posts:watch', (body: { postIds?: string[] }) => {
    for (const postId of body?.postIds ?? []) void socket.join(`post:${postId}`);
  });
});

/** One conversation id per pair, as Piste keeps one conversation per pair. */
const conversations = new Map<string, string>();
const likes = new Map<string, number>();

function sendMessage(senderId: string, body: { receiverId: string; content: string }) {
  const pair = [senderId, body.receiverId].sort().join(':');
  const conversationId = conversations.get(pair) ?? randomUUID();
  conversations.set(pair, conversationId);
  const message: DirectMessage = {
    id: randomUUID(),
    conversationId,
    senderId,
    receiverId: body.receiverId,
    content: body.content,
    isRead: false,
    clientId: null,
    createdAt: new Date().toISOString(),
  };
  const event = { message, conversationId };
  io.to([`user:${senderId}`, `user:${body.receiverId}`]).emit('message:new', event);
  return event;
}

function react(postId: string, change: 1 | -1): ReactionReply {
  const likesCount = Math.max(0, (likes.get(postId) ?? 0) + change);
  likes.set(postId, likesCount);
  const counts: PostCounts & { weapon: string } = {
    postId,
    likesCount,
    dislikesCount: 0,
    commentsCount: 0,
    weapon: 'epee',
  };
  io.to(`post:${postId}`).emit('post:counts', counts);
  return { postId, likesCount, dislikesCount: 0, isLiked: change === 1, isDisliked: false };
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://bench');
  const sender = request.headers['x-bench-user'];
  if (url.pathname === '/health/ready') return reply(response, 200, { status: 'ok' });
  if (request.method === 'POST' && url.pathname === '/api/messages' && typeof sender === 'string') {
    return reply(
      response,
      201,
      sendMessage(sender, (await readJson(request)) as { receiverId: string; content: string }),
    );
  }
  if (request.method === 'POST' && url.pathname === '/api/likes') {
    return reply(response, 201, react(((await readJson(request)) as { postId: string }).postId, 1));
  }
  const unlike = UNLIKE_PATH.exec(url.pathname);
  if (request.method === 'DELETE' && unlike) return reply(response, 200, react(unlike[2], -1));
  reply(response, 404, { message: 'Not found' });
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString());
}

http.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
