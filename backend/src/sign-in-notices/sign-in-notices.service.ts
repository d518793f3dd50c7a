import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import type { Request } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { SessionUser } from '@piste/contracts';
import { AuthService, type SignInKind } from '../auth/auth.service';
import { describeUserAgent, maskAddress } from '../auth/devices';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { MailService } from '../mail/mail.service';
import { newSignInMail } from './sign-in-mails';

/** A browser or network unused on the account for this long is new again. */
export const KNOWN_FOR_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The cookie that tells one browser from another across sessions; it holds a random id and nothing else. */
export const DEVICE_COOKIE = 'piste.device';
const DEVICE_COOKIE_MAX_AGE_MS = 400 * DAY_MS;

const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/**
 * Mails the account's owner when a sign-in comes from a browser and a network it has not used in 90 days: neither
 * this browser (its device cookie) nor this kind of browser on this network signed in to it lately. A registration
 * makes its browser known without a mail.
 */
@Injectable()
export class SignInNotices implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly mail: MailService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.auth.onSignIn((user, request, how) => this.noteSignIn(user, request, how));
  }

  async noteSignIn(user: SessionUser, request: Request, how: SignInKind): Promise<void> {
    const deviceHash = hashOf(this.deviceId(request));
    const userAgent = request.get('user-agent') ?? '';
    const { browser: name, os } = describeUserAgent(userAgent);
    const browser = [name, os].filter(Boolean).join(' on ').slice(0, 128);
    const masked = maskAddress(request.ip ?? '');
    const network = masked ?? 'unknown';
    const now = this.clock.now();
    const since = new Date(now.getTime() - KNOWN_FOR_DAYS * DAY_MS);

    await this.dataSource.transaction(async (manager) => {
      const [known] = await manager.query<unknown[]>(
        `SELECT 1 FROM known_sign_ins
          WHERE "userId" = $1 AND "lastSeenAt" > $2
            AND ("deviceHash" = $3 OR ("browser" = $4 AND "network" = $5))
          LIMIT 1`,
        [user.id, since, deviceHash, browser, network],
      );
      await manager.query(`DELETE FROM known_sign_ins WHERE "userId" = $1 AND "lastSeenAt" <= $2`, [
        user.id,
        since,
      ]);
      await manager.query(
        `INSERT INTO known_sign_ins ("userId", "deviceHash", "network", "browser", "lastSeenAt")
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT ("userId", "deviceHash", "network") DO UPDATE SET "browser" = $4, "lastSeenAt" = $5`,
        [user.id, deviceHash, network, browser, now],
      );
      if (known || how === 'registration') return;
      const [account] = await manager.query<
        { email: string; username: string; language: string | null; browserLanguage: string | null }[]
      >(`SELECT "email", "username", "language", "browserLanguage" FROM users WHERE "id" = $1`, [user.id]);
      if (!account) return;
      await this.mail.enqueue(
        manager,
        newSignInMail(
          account,
          { at: now, browser: browser || null, network: masked },
          this.mail.link('/settings', { tab: 'security' }),
        ),
      );
    });
  }

  /** This browser's device id, from its cookie, or a new one it is given now. */
  private deviceId(request: Request): string {
    const current = parseCookies(request.get('cookie') ?? '')[DEVICE_COOKIE];
    if (current && /^[A-Za-z0-9_-]{22}$/.test(current)) return current;
    const fresh = randomBytes(16).toString('base64url');
    request.res?.cookie(DEVICE_COOKIE, fresh, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.cookieSecure || (this.config.trustProxy && request.secure),
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
      path: '/',
    });
    return fresh;
  }
}
