import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Request } from 'express';
import { randomBytes } from 'node:crypto';
import type { Language, RegisterPayload, SessionUser } from '@piste/contracts';
import { registerPayloadSchema } from '@piste/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { BansService } from '../bans/bans.service';
import { UsersService } from '../users/users.service';
import { toSessionUser } from '../users/users.mapper';
import { hashPassword, verifyPassword } from '../users/password';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { SessionUsers } from './session-users';
import { rememberDevice } from './devices';
import { settle } from './sign-out';
import type { UserEntity } from '../users/user.entity';
import { authError, AuthErrorCode } from './auth.errors';
import { userError, UserErrorCode } from '../users/users.errors';
import type { CodedException } from '../common/coded-exception';
import { browserLanguage } from '../i18n/request-language';

/** Work that belongs to a registration (its verification mail): it commits with the new account, or neither does. */
export type RegistrationStep = (manager: EntityManager, user: UserEntity) => Promise<void>;

/**
 * Told of every completed sign-in (password, second factor or passkey) with the browser that made it; a
 * registration signs its browser in first.
 */
export type SignInListener = (user: SessionUser, request: Request, how: SignInKind) => Promise<void>;
export type SignInKind = 'registration' | 'sign-in';

/** What the client shows as text in place of a picture: short, with no URL or path characters. */
const TEXT_AVATAR = /^[^/:\\.\s]{1,16}$/u;

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  private readonly registrationSteps = new Set<RegistrationStep>();
  private readonly signInListeners = new Set<SignInListener>();

  constructor(
    private readonly users: UsersService,
    private readonly bans: BansService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly publisher: RealtimePublisher,
    private readonly sessionUsers: SessionUsers,
    private readonly dataSource: DataSource,
  ) {}

  /** Adds a step to every registration, inside its transaction; returns how to remove it. */
  onRegistration(step: RegistrationStep): () => void {
    this.registrationSteps.add(step);
    return () => this.registrationSteps.delete(step);
  }

  /** Adds a listener to every completed sign-in; returns how to remove it. */
  onSignIn(listener: SignInListener): () => void {
    this.signInListeners.add(listener);
    return () => this.signInListeners.delete(listener);
  }

  /**
   * Starts the browser's signed-in session (a new session id, so a fixed one cannot be reused) unless the caller's
   * guard already did, notes the browser in it, and tells the listeners. A listener that fails (a mail that cannot
   * be queued) is logged: the sign-in stands.
   */
  async completeSignIn(request: Request, user: SessionUser, how: SignInKind = 'sign-in'): Promise<void> {
    if (!request.isAuthenticated?.()) await settle((done) => request.logIn(user, done));
    rememberDevice(request);
    await this.noteBrowserLanguage(user, request);
    for (const listener of this.signInListeners) {
      await listener(user, request, how).catch((error: unknown) =>
        this.logger.error(
          `A sign-in listener failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  }

  /** Keeps the language the user's browser asks for, for the mail and push that reach them without a request. */
  async noteBrowserLanguage(user: SessionUser, request: Request): Promise<void> {
    const language = browserLanguage(request);
    if (language) await this.users.noteBrowserLanguage(user.id, language);
  }

  async register(
    payload: ReturnType<typeof registerPayloadSchema.parse>,
    browserLanguage: Language | null = null,
  ): Promise<SessionUser> {
    const { password, ...fields } = payload;
    // An image avatar is a file the user uploaded (the profile's rule), and a new account has no uploads yet:
    // at registration only a text avatar (initials, an emoji) is accepted, nothing a browser would fetch.
    if (fields.avatar && !TEXT_AVATAR.test(fields.avatar)) {
      throw userError(UserErrorCode.AvatarNotUploaded);
    }
    return this.createAccount(fields, await hashPassword(password), browserLanguage);
  }

  /**
   * The account a registration makes, its password already hashed, with every registration step in its
   * transaction. Test factories call it with a hash computed once, so their fixtures are registered accounts.
   */
  async createAccount(
    fields: Omit<ReturnType<typeof registerPayloadSchema.parse>, 'password'>,
    passwordHash: string,
    browserLanguage: Language | null = null,
  ): Promise<SessionUser> {
    const user = await this.dataSource.transaction(async (manager) => {
      const created = await this.users.create({ ...fields, passwordHash, browserLanguage }, manager);
      for (const step of this.registrationSteps) await step(manager, created);
      return created;
    });
    return toSessionUser(user, null);
  }

  /**
   * Null when the username or password is wrong; never says which, not even by timing: an unknown username
   * is checked against a stand-in hash, so it costs what a wrong password costs. A suspended account is refused
   * (403) only after its right password, so the refusal tells a guesser nothing.
   */
  async validateCredentials(username: string, password: string): Promise<SessionUser | null> {
    const user = await this.users.findByUsernameWithPassword(username);
    // An account being deleted is as gone as one that never was.
    if (!user || user.deletionRequestedAt) {
      await verifyPassword(await this.standInHash(), password);
      return null;
    }
    if (!(await verifyPassword(user.password, password))) return null;
    if (user.suspendedAt) throw authError(AuthErrorCode.Suspended);
    return toSessionUser(user, await this.bans.activeBanEnd(user.id));
  }

  private standInHashPromise: Promise<string> | undefined;

  private standInHash(): Promise<string> {
    this.standInHashPromise ??= hashPassword(randomBytes(16).toString('hex'));
    return this.standInHashPromise;
  }

  /**
   * The session carries only the user id; this is the user and when their ban ends, from a short cache that
   * every change drops at once on every replica (SessionUsers), so bans and edits apply at once.
   */
  sessionUser(id: string): Promise<SessionUser | null> {
    return this.sessionUsers.get(id);
  }

  /**
   * The user a sign-in whose first step held (a password) now completes: 403 when the account was suspended
   * meanwhile, 401 (`gone`) when it is no one's any more (deleted).
   */
  async userSigningIn(id: string, gone: CodedException): Promise<SessionUser> {
    const user = await this.sessionUser(id);
    if (user) return user;
    if (await this.users.isSuspended(id)) throw authError(AuthErrorCode.Suspended);
    throw gone;
  }

  /**
   * Creates or promotes an admin (`ADMIN_USERNAME`/`ADMIN_PASSWORD` at start). An admin that already has this
   * password is left as it is, so replicas starting one after another write nothing.
   */
  async ensureAdmin(username: string, password: string): Promise<void> {
    const existing = await this.users.findByUsernameWithPassword(username);
    if (existing?.isAdmin && (await verifyPassword(existing.password, password))) {
      this.logger.log(`Admin '${username}' is ready`);
      return;
    }
    const passwordHash = await hashPassword(password);
    if (existing) {
      await this.users.setAdmin(existing.id, passwordHash);
      // Open sockets of this user (on any replica) join the admins room now.
      this.publisher.refreshUser(existing.id);
      this.logger.log(`Admin '${username}' is ready`);
      return;
    }
    const payload: RegisterPayload = {
      username,
      email: `${username.toLowerCase()}@admins.piste.local`,
      name: 'Piste Admin',
      password,
      title: 'Moderator',
    };
    const parsed = registerPayloadSchema.parse(payload);
    const { password: _unused, ...fields } = parsed;
    void _unused;
    await this.users.create({ ...fields, passwordHash, isAdmin: true, emailVerified: true });
    this.logger.log(`Admin '${username}' created`);
  }
}
