import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SessionData } from 'express-session';
import type { Socket } from 'socket.io';
import { ADMINS_ROOM, userRoom } from '@piste/contracts';
import { AuthService } from '../auth/auth.service';
import { SessionMiddleware } from '../auth/session.middleware';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { PisteServer } from '../publisher/realtime.publisher';
import { signedSessionId } from './session-cookie';

/**
 * What a socket carries for its whole life, kept small (an idle socket costs little more than Socket.IO's own):
 * who it is, which session it lives by, and what the handshake read for joining its rooms.
 */
export interface SocketData {
  userId: string;
  sessionId: string;
  /** Kept in step with the `admins` room by `refresh`. */
  isAdmin: boolean;
  /** When the session cookie expires, in ms since the epoch, as the handshake read it; null: no expiry. */
  sessionExpiresAt: number | null;
}

/** A handshake's signed-in session. */
export type HandshakeSession = Omit<SocketData, 'isAdmin'>;

/** How often at most a socket's session is looked at again, however far its expiry. */
const RECHECK_MS = 10 * 60 * 1000;
/** When the session store cannot answer (PostgreSQL away), look again this soon rather than end the socket. */
const RETRY_MS = 30 * 1000;

type SessionRecord = SessionData & { passport?: { user?: string } };

/**
 * Reads sockets' sessions from the store HTTP requests use. A handshake's session is found by its signed
 * cookie, without running the HTTP session middleware on the handshake: that middleware's hooks on the
 * websocket upgrade's response would stay in memory for the connection's whole life.
 *
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The signed-in session a handshake's cookie names; null when there is none. Throws when the store fails. */
  async fromCookie(cookieHeader: string | undefined): Promise<HandshakeSession | null> {
    const sessionId = signedSessionId(cookieHeader, this.config.sessionSecret);
    if (!sessionId) return null;
    const record = await this.read(sessionId);
    const userId = record?.passport?.user;
    if (!record || !userId) return null;
    return { userId, sessionId, sessionExpiresAt: expiryOf(record) };
  }

  /** Starts watching a connected socket's session, whose cookie expires at `expiresAt` (ms since the epoch). */
  watch(socket: Socket, expiresAt: number | null): void {
    this.schedule(socket, expiresAt === null ? RECHECK_MS : expiresAt - Date.now());
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
      (socket.data as SocketData).isAdmin = user.isAdmin;
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
    let record: SessionRecord | null;
    try {
      record = await this.read(data.sessionId);
    } catch (err) {
      this.logger.warn(
        `Could not check a socket's session: ${err instanceof Error ? err.message : String(err)}`,
      );
      return this.schedule(socket, RETRY_MS);
    }
    if (!record || record.passport?.user !== data.userId) {
      this.forget(socket);
      socket.disconnect(true);
      return;
    }
    const expiresAt = expiryOf(record);
    this.schedule(socket, expiresAt === null ? RECHECK_MS : expiresAt - Date.now());
  }

  /** A session as the store holds it; null once it ended or expired. */
  private read(sessionId: string): Promise<SessionRecord | null> {
    return new Promise((resolve, reject) =>
      this.sessions.store.get(sessionId, (err: unknown, session) =>
        err
          ? reject(err instanceof Error ? err : new Error('The session store failed'))
          : resolve(session ?? null),
      ),
    );
  }
}

function expiryOf(record: SessionRecord): number | null {
  return record.cookie?.expires ? new Date(record.cookie.expires).getTime() : null;
}
