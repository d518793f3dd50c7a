import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from '@piste/contracts';
import { AuthService } from './auth.service';

type Done = (err: unknown, value?: unknown) => void;

@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly auth: AuthService) {
    super();
  }

  serializeUser(user: SessionUser, done: Done): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: Done): void {
    this.auth.sessionUser(id).then(
      (user) => done(null, user ?? false),
      (err: unknown) => done(err),
    );
  }
}
