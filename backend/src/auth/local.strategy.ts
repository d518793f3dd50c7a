import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { SessionUser } from '@piste/contracts';
import { AuthService } from './auth.service';
import { authError, AuthErrorCode } from './auth.errors';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly auth: AuthService) {
    super();
  }

  async validate(username: string, password: string): Promise<SessionUser> {
    const user = await this.auth.validateCredentials(username.trim(), password);
    if (!user) throw authError(AuthErrorCode.InvalidCredentials);
    return user;
  }
}
