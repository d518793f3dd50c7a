import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { DataSource } from 'typeorm';
import type { SessionUser } from '@piste/contracts';
import { AuthService } from './auth.service';

type Done = (err: unknown, value?: unknown) => void;

@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(
    private readonly auth: AuthService,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  serializeUser(user: SessionUser, done: Done): void {
    done(null, user.id);
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
