import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { SessionUser } from '@piste/contracts';
import { AuthService } from './auth.service';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly auth: AuthService) {
    super();
  }

  async validate(username: string, password: string): Promise<SessionUser> {
    const user = await this.auth.validateCredentials(username.trim(), password);
    if (!user) throw new UnauthorizedException('Invalid username or password');
    return user;
  }
}
