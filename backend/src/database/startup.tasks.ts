import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AuthService } from '../auth/auth.service';
import { DemoSeeder } from './seed';
import { withStartupLock } from './startup';

/**
 * The one-off work of a start, after the migrations: the configured admin and the demo seed. It runs under
 * the start-up lock, so replicas starting together do it once and never race on the same rows.
 */
@Injectable()
export class StartupTasks implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly seeder: DemoSeeder,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { admin, seedDemo } = this.config;
    if (!admin && !seedDemo) return;
    await withStartupLock(this.dataSource, async () => {
      if (admin) await this.auth.ensureAdmin(admin.username, admin.password);
      if (seedDemo) await this.seeder.seedIfEmpty();
    });
  }
}
