import { Injectable, Logger } from '@nestjs/common';
import type { SessionData } from 'express-session';
import type { Socket } from 'socket.io';
import { ADMINS_ROOM, userRoom, type SessionUser } from '@piste/contracts';
import { AuthService } from '../auth/auth.service';
import { SessionMiddleware } from '../auth/session.middleware';
import type { PisteServer } from './realtime.publisher';

/** What a socket carries: who it is, and which session it lives by. */
export interface SocketData {
  user: SessionUser;
  sessionId: string;
}

/** How often at most a socket's session is looked at again, however far its expiry. */
const RECHECK_MS = 10 * 60 * 1000;
/** When the session store cannot answer (PostgreSQL away), look again this soon rather than end the socket. */
const RETRY_MS = 30 * 1000;

type SessionRecord = SessionData & { passport?: { user?: string } };

/**
 * Keeps each socket no longer alive than its session (DESIGN.md §4): at the session's expiry (and every ten
 * minutes) the store is asked again, and a socket whose session ended, expired or now belongs to someone else
 * is disconnected. Sign-out ends a session's sockets at once through its room (RealtimePublisher.endSession);
 * a change of rights refreshes the user's sockets in place.
 */
@Injectable()
export class SocketSessions {
  private readonly logger = new Logger('SocketSessions');
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly sessions: SessionMiddleware,
    private readonly auth: AuthService,
  ) {}

  /** Starts watching a connected socket's session, whose cookie expires at `expires`. */
  watch(socket: Socket, expires: Date | undefined): void {
    this.schedule(socket, expires ? expires.getTime() - Date.now() : RECHECK_MS);
  }

  forget(socket: Socket): void {
    clearTimeout(this.timers.get(socket.id));
    this.timers.delete(socket.id);
  }

  /** Re-reads a user for this replica's sockets: rooms follow admin rights; a vanished user is disconnected. */
  async refresh(server: PisteServer, userId: string): Promise<void> {
    const sockets = await server.in(userRoom(userId)).local.fetchSockets();
    if (!sockets.length) return;
    const user = await this.auth.sessionUser(userId).catch((err: unknown) => {
      this.logger.warn(`Could not refresh the sockets of ${userId}: ${String(err)}`);
      return undefined;
    });
    if (user === undefined) return;
    for (const socket of sockets) {
      if (!user) {
        socket.disconnect(true);
        continue;
      }
      (socket.data as SocketData).user = user;
      if (user.isAdmin) socket.join(ADMINS_ROOM);
      else socket.leave(ADMINS_ROOM);
    }
  }

  private schedule(socket: Socket, inMs: number): void {
    this.forget(socket);
    const delay = Math.min(Math.max(inMs, 0), RECHECK_MS);
    this.timers.set(
      socket.id,
      setTimeout(() => void this.check(socket), delay),
    );
  }

  private async check(socket: Socket): Promise<void> {
    if (!socket.connected) return this.forget(socket);
    const data = socket.data as SocketData;
    let record: SessionRecord | null | undefined;
    try {
      record = await new Promise<SessionRecord | null | undefined>((resolve, reject) =>
        this.sessions.store.get(data.sessionId, (err: unknown, session) =>
          err ? reject(err instanceof Error ? err : new Error('The session store failed')) : resolve(session),
        ),
      );
    } catch (err) {
      this.logger.warn(
        `Could not check a socket's session: ${err instanceof Error ? err.message : String(err)}`,
      );
      return this.schedule(socket, RETRY_MS);
    }
    if (!record || record.passport?.user !== data.user.id) {
      this.forget(socket);
      socket.disconnect(true);
      return;
    }
    const expires = record.cookie?.expires
      ? new Date(record.cookie.expires).getTime()
      : Date.now() + RECHECK_MS;
    this.schedule(socket, expires - Date.now());
  }
}
