import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  disableTotpSchema,
  enableTotpSchema,
  regenerateRecoveryCodesSchema,
  type RecoveryCodes,
  type SessionUser,
  type TotpSetup,
  type TwoFactorStatus,
} from '@piste/contracts';
import type { z } from 'zod';
import { AllowedWhileBanned, CurrentUser } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { TwoFactorService } from './two-factor.service';

/** The signed-in user's second factor (DESIGN.md §4e). Securing an account is never refused to a banned user. */
@Controller('api/account/2fa')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Get()
  status(@CurrentUser() user: SessionUser): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user);
  }

  @Post('totp/setup')
  @AllowedWhileBanned()
  @RateLimit('two-factor')
  @HttpCode(200)
  setup(@CurrentUser() user: SessionUser): Promise<TotpSetup> {
    return this.twoFactor.setup(user);
  }

  @Post('totp/enable')
  @AllowedWhileBanned()
  @RateLimit('two-factor')
  @HttpCode(200)
  enable(
    @CurrentUser() user: SessionUser,
    @ParsedBody(enableTotpSchema) body: z.output<typeof enableTotpSchema>,
  ): Promise<RecoveryCodes> {
    return this.twoFactor.enable(user, body.code);
  }

  @Post('totp/disable')
  @AllowedWhileBanned()
  @RateLimit('two-factor')
  @HttpCode(204)
  disable(
    @CurrentUser() user: SessionUser,
    @ParsedBody(disableTotpSchema) body: z.output<typeof disableTotpSchema>,
  ): Promise<void> {
    return this.twoFactor.disable(user, body.password, body.code);
  }

  @Post('recovery-codes')
  @AllowedWhileBanned()
  @RateLimit('two-factor')
  @HttpCode(200)
  regenerate(
    @CurrentUser() user: SessionUser,
    @ParsedBody(regenerateRecoveryCodesSchema) body: z.output<typeof regenerateRecoveryCodesSchema>,
  ): Promise<RecoveryCodes> {
    return this.twoFactor.regenerateRecoveryCodes(user, body.password);
  }
}
