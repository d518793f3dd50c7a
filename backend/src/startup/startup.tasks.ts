import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AuthService } from '../auth/auth.service';
import { DemoSeeder } from './seed';
import { withStartupLock } from '../database/startup';

type AdminConfig = NonNullable<AppConfig['admin']>;

/**
 * The one-off work of a start, after the migrations: the configured admin and the demo seed. It runs under
 * the start-up lock, so replicas starting together do it once and never race on the same rows. A restart
 * usually finds it all done, which it can tell without the lock: it waits for the lock only when there is work.
 */
@Injectable()
export class StartupTasks implements OnApplicationBootstrap {
  private readonly logger = new Logger('Startup');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly seeder: DemoSeeder,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { admin, seedDemo } = this.config;
    const adminChanged = !!admin && !(await this.adminIsCurrent(admin));
    const seedPending = seedDemo && (await this.seeder.isEmpty());
    if (admin && !adminChanged)
      this.logger.log(`Admin '${admin.username}' is ready, as the last start left it`);
    if (!adminChanged && !seedPending) return;
    await withStartupLock(this.dataSource, async () => {
      // A replica that waited here while another one did the same work finds it done (ensureAdmin verifies only).
      if (admin && adminChanged) await this.applyAdmin(admin);
      if (seedPending) await this.seeder.seedIfEmpty();
    });
  }

  /** The configured admin's step, remembered by its fingerprint. */
  private async applyAdmin(admin: AdminConfig): Promise<void> {
    await this.auth.ensureAdmin(admin.username, admin.password);
    const current = await this.appliedAdmin(admin.username);
    await this.dataSource.query(
      `INSERT INTO startup_fingerprints ("task", "fingerprint") VALUES ('admin', $1)
       ON CONFLICT ("task") DO UPDATE SET "fingerprint" = EXCLUDED."fingerprint", "updatedAt" = now()`,
      [this.adminFingerprint(admin, current!.passwordHash)],
    );
  }

  /**
   * Whether the admin is as the configuration says and as the last start left it. Checking the configured password
   * against the stored hash would cost an argon2 verification, a good part of a restart; the fingerprint of what
   * the last start applied tells the same without it.
   */
  private async adminIsCurrent(admin: AdminConfig): Promise<boolean> {
    const applied = await this.appliedAdmin(admin.username);
    return !!applied && applied.fingerprint === this.adminFingerprint(admin, applied.passwordHash);
  }

  /** The admin's stored password hash and the last applied fingerprint; none while no such admin exists. */
  private async appliedAdmin(
    username: string,
  ): Promise<{ passwordHash: string; fingerprint: string | null } | undefined> {
    const rows: { passwordHash: string; fingerprint: string | null }[] = await this.dataSource.query(
      `SELECT u."password" AS "passwordHash", f."fingerprint"
         FROM users u LEFT JOIN startup_fingerprints f ON f."task" = 'admin'
        WHERE lower(u."username") = lower($1) AND u."isAdmin"`,
      [username],
    );
    return rows[0];
  }

  /**
   * Covers the configured credentials and the hash they were applied as, so a password changed in the
   * configuration or in the app, or another admin name, no longer matches. Keyed with the session secret (set in
   * production), so whoever reads only the database cannot test password guesses against it faster than argon2.
   */
  private adminFingerprint(admin: AdminConfig, passwordHash: string): string {
    return createHmac('sha256', this.config.sessionSecret)
      .update(JSON.stringify([admin.username, admin.password, passwordHash]))
      .digest('hex');
  }
}
