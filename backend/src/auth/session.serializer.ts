import { Injectable, Logger } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { DataSource } from 'typeorm';
import type { SessionUser } from '@piste/contracts';
import { AuthService } from './auth.service';
import { noteActive } from './session.middleware';

type Done = (err: unknown, value?: unknown) => void;

@Injectable()
export class SessionSerializer extends PassportSerializer {
  private readonly logger = new Logger(SessionSerializer.name);

  constructor(
    private readonly auth: AuthService,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  /** Every sign-in (password, second factor, passkey, registration) passes here: it marks the account active. */
  serializeUser(user: SessionUser, done: Done): void {
    if (!this.dataSource.isInitialized) return done('pass');
    void noteActive(this.dataSource, user.id, this.logger).then(() => done(null, user.id));
  }

  deserializeUser(id: string, done: Done): void {
    // passport is process-wide: when several apps share a process (tests, tools), a closed one passes to the next.
    if (!this.dataSource.isInitialized) return done('pass');
    this.auth.sessionUser(id).then(
      (user) => done(null, user ?? false),
      (err: unknown) => done(err),
    );
  }
}
