import { Global, Module } from '@nestjs/common';
import { LimitsService } from './limits.service';
import { LoginAttempts } from './login-attempts';
import { RateLimitGuard } from './rate-limit.guard';
import { SocketEventLimits } from './socket-event-limits';

/** The abuse limits: `@RateLimit()` on routes, sign-in attempts, and socket events. */
@Global()
@Module({
  providers: [LimitsService, LoginAttempts, RateLimitGuard, SocketEventLimits],
  exports: [LimitsService, LoginAttempts, RateLimitGuard, SocketEventLimits],
})
export class LimitsModule {}
