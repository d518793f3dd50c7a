import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type Account,
  type ChangeEmailPayload,
  type ChangePasswordPayload,
  type Language,
} from '@piste/contracts';
import { AuthService } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../users/password';
import { Clock } from '../common/clock';
import { defineJob } from '../jobs/job-kind';
import { JobsService } from '../jobs/jobs.service';
import { MailService } from '../mail/mail.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import type { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AccountLinks } from './account-links';
import {
  confirmNewEmailMail,
  emailChangeNoticeMail,
  emailChangedMail,
  passwordChangedMail,
  passwordResetMail,
  verifyEmailMail,
} from './account-mails';
import { UserSessions } from './user-sessions';
import { accountError, AccountErrorCode } from './accounts.errors';

/** Looking up a forgotten password's login and mailing its link happens in a job, so every answer takes as long. */
const MAIL_RESET_LINK = defineJob<{ login: string }>('accounts.mail-reset-link', {
  retryLimit: 3,
  retryDelaySeconds: 10,
  pollSeconds: 1,
});
/** At most this many reset links a user is mailed in an hour, however many addresses ask. */
export const RESET_MAILS_PER_HOUR = 3;

/**
 * The account itself: its password (reset by mail, or changed knowing it), its email address (verified, or
 * changed by confirming the new one) and what the settings show about it.
 */
@Injectable()
export class AccountsService implements OnModuleInit {
  private readonly logger = new Logger(AccountsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly links: AccountLinks,
    private readonly sessions: UserSessions,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly publisher: RealtimePublisher,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    this.auth.onRegistration((manager, user) => this.mailVerificationLink(manager, user));
    this.users.onEmailChange((manager, user, previousEmail) =>
      this.announceEmailEdit(manager, user, previousEmail),
    );
    await this.jobs.register(MAIL_RESET_LINK, ({ login }) => this.mailResetLink(login));
  }

  /** PUT /api/account/language: the language the account speaks from now on, on every replica at once. */
  async setLanguage(userId: string, language: Language | null): Promise<void> {
    await this.users.setLanguage(userId, language);
    this.publisher.refreshUser(userId);
  }

  async account(userId: string): Promise<Account> {
    const user = await this.users.getById(userId);
    return {
      username: user.username,
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      pendingEmail: await this.links.pendingEmail(this.dataSource.manager, userId),
      createdAt: user.createdAt.toISOString(),
    };
  }

  /**
   * POST /api/password/forgot: whether or not the login names an account, the same single insert (a job) and the
   * same answer; the job finds the account and mails the link.
   */
  async forgotPassword(login: string): Promise<void> {
    await this.jobs.enqueue(this.dataSource.manager, MAIL_RESET_LINK, { login });
  }

  private async mailResetLink(login: string): Promise<void> {
    const user = await this.users.findByLogin(login);
    if (!user) return;
    const hourAgo = new Date(this.clock.now().getTime() - 60 * 60 * 1000);
    await this.dataSource.transaction(async (manager) => {
      if (
        (await this.links.countSince(manager, user.id, 'password-reset', hourAgo)) >= RESET_MAILS_PER_HOUR
      ) {
        this.logger.warn(`Not mailing ${user.username} another reset link this hour`);
        return;
      }
      const token = await this.links.issue(manager, user.id, 'password-reset', user.email);
      await this.mail.enqueue(manager, passwordResetMail(user, this.mail.link('/reset-password', { token })));
    });
  }

  /**
   * POST /api/password/reset: a new password from a working link. Every other reset link dies, every session of
   * the user ends (sockets too, on every replica), and a notice is mailed. Following the link also proves the
   * address, so it counts as verified.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const { user, endSessions } = await this.dataSource.transaction(async (manager) => {
      const link = await this.links.use(manager, 'password-reset', token);
      await this.links.revokeAll(manager, link.userId, 'password-reset');
      await this.users.setPassword(manager, link.userId, passwordHash);
      await this.users.markEmailVerified(manager, link.userId, link.email);
      const user = await this.users.getWith(manager, link.userId);
      await this.mail.enqueue(manager, passwordChangedMail(user, 'reset', this.securityLink()));
      return { user, endSessions: await this.sessions.endAllBut(manager, user.id, null) };
    });
    endSessions();
    this.publisher.refreshUser(user.id);
  }

  /**
   * POST /api/account/password: with the current password, a new one. Every other session ends; the caller
   * rotates the current session's id (the controller signs it in again).
   */
  async changePassword(userId: string, sessionId: string, payload: ChangePasswordPayload): Promise<void> {
    await this.assertPassword(userId, payload.currentPassword);
    const passwordHash = await hashPassword(payload.newPassword);
    const endSessions = await this.dataSource.transaction(async (manager) => {
      await this.users.setPassword(manager, userId, passwordHash);
      const user = await this.users.getWith(manager, userId);
      await this.mail.enqueue(manager, passwordChangedMail(user, 'changed', this.securityLink()));
      return this.sessions.endAllBut(manager, userId, sessionId);
    });
    endSessions();
  }

  /** POST /api/account/email: a link to the new address, a notice to the current one. */
  async requestEmailChange(userId: string, payload: ChangeEmailPayload): Promise<void> {
    const user = await this.assertPassword(userId, payload.password);
    if (payload.email.toLowerCase() === user.email.toLowerCase()) {
      throw accountError(AccountErrorCode.SameEmail);
    }
    await this.users.assertAvailable('', payload.email, userId);
    await this.dataSource.transaction(async (manager) => {
      await this.links.revokeAll(manager, userId, 'email-change');
      const token = await this.links.issue(manager, userId, 'email-change', payload.email);
      const confirmUrl = this.mail.link('/verify-email', { token, change: '1' });
      await this.mail.enqueue(manager, confirmNewEmailMail(user, payload.email, confirmUrl));
      await this.mail.enqueue(manager, emailChangeNoticeMail(user, payload.email, this.securityLink()));
    });
  }

  /** POST /api/account/email/confirm: the link from the new address makes the change. */
  async confirmEmailChange(token: string): Promise<void> {
    const userId = await this.dataSource.transaction(async (manager) => {
      const link = await this.links.use(manager, 'email-change', token);
      await this.users.changeEmail(manager, link.userId, link.email);
      await this.links.revokeAll(manager, link.userId, 'email-verification');
      return link.userId;
    });
    this.publisher.refreshUser(userId);
  }

  /** POST /api/account/verify-email: the link mailed at registration (or resent) verifies the address. */
  async verifyEmail(token: string): Promise<void> {
    const userId = await this.dataSource.transaction(async (manager) => {
      const link = await this.links.use(manager, 'email-verification', token);
      // A link to an address the account no longer has verifies nothing.
      if (!(await this.users.markEmailVerified(manager, link.userId, link.email))) {
        throw accountError(AccountErrorCode.InvalidLink);
      }
      return link.userId;
    });
    this.publisher.refreshUser(userId);
  }

  /** POST /api/account/verify-email/resend: a fresh link; the earlier ones stop working. */
  async resendVerification(userId: string): Promise<void> {
    const user = await this.users.getById(userId);
    if (user.emailVerifiedAt) throw accountError(AccountErrorCode.AlreadyVerified);
    await this.dataSource.transaction(async (manager) => {
      await this.links.revokeAll(manager, userId, 'email-verification');
      await this.mailVerificationLink(manager, user);
    });
  }

  /**
   * The profile form changed the address outright (the spec's profile edit): the new one gets a link to verify it,
   * the old one a notice, so a stolen session cannot move the account away unseen.
   */
  private async announceEmailEdit(
    manager: EntityManager,
    user: UserEntity,
    previousEmail: string,
  ): Promise<void> {
    await this.links.revokeAll(manager, user.id, 'email-verification');
    await this.mailVerificationLink(manager, user);
    await this.mail.enqueue(manager, emailChangedMail(user, previousEmail, this.securityLink()));
  }

  private async mailVerificationLink(manager: EntityManager, user: UserEntity): Promise<void> {
    if (user.emailVerifiedAt) return;
    const token = await this.links.issue(manager, user.id, 'email-verification', user.email);
    await this.mail.enqueue(manager, verifyEmailMail(user, this.mail.link('/verify-email', { token })));
  }

  private async assertPassword(userId: string, password: string): Promise<UserEntity> {
    const user = await this.users.findWithPassword(userId);
    if (!user || !(await verifyPassword(user.password, password))) {
      throw accountError(AccountErrorCode.WrongPassword);
    }
    return user;
  }

  private securityLink(): string {
    return this.mail.link('/settings', { tab: 'security' });
  }
}
