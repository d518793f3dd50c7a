import {
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Post,
  Req,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import type { Request } from 'express';
import { registerPayloadSchema, type Profile, type SessionUser } from '@piste/contracts';
import type { z } from 'zod';
import { CurrentUser, Public } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { UsersService } from '../users/users.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { toProfile } from '../users/users.mapper';
import { RateLimitPerAddress } from '../limits/rate-limit.guard';
import { AuthService } from './auth.service';
import { LocalLoginGuard } from './guards';
import { rememberDevice } from './devices';
import { settle, signOut } from './sign-out';

function logIn(request: Request, user: SessionUser): Promise<void> {
  return settle((done) => request.logIn(user, done));
}

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly publisher: RealtimePublisher,
  ) {}

  @Public()
  @RateLimitPerAddress('register')
  @Post('register')
  async register(
    @Req() request: Request,
    @ParsedBody(registerPayloadSchema) body: z.output<typeof registerPayloadSchema>,
  ): Promise<SessionUser> {
    const user = await this.auth.register(body);
    await logIn(request, user);
    rememberDevice(request);
    return user;
  }

  @Public()
  @UseGuards(LocalLoginGuard)
  @HttpCode(200)
  @Post('login')
  login(@Req() request: Request, @CurrentUser() user: SessionUser): SessionUser {
    rememberDevice(request);
    return user;
  }

  @Public()
  @HttpCode(200)
  @Post('logout')
  async logout(@Req() request: Request): Promise<{ message: string }> {
    const sessionId = await signOut(request);
    // The session's sockets end with it, on every replica.
    if (sessionId) this.publisher.endSession(sessionId);
    return { message: 'Logged out' };
  }

  @Public()
  @Get('user')
  user(@Req() request: Request): SessionUser {
    if (!request.isAuthenticated?.() || !request.user) throw new UnauthorizedException('Not signed in');
    return request.user as SessionUser;
  }

  @Get('current-user')
  async currentUser(@CurrentUser() user: SessionUser): Promise<Profile> {
    const entity = await this.users.findById(user.id);
    if (!entity) throw new NotFoundException('User not found');
    return toProfile(entity, user.id);
  }
}
