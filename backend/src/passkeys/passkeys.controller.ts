import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Request } from 'express';
import {
  addPasskeySchema,
  loginPasskeySchema,
  renamePasskeySchema,
  type AddPasskeyPayload,
  type LoginPasskeyPayload,
  type Passkey,
  type PasskeyList,
  type SessionUser,
} from '@piste/contracts';
import type { z } from 'zod';
import { AuthService } from '../auth/auth.service';
import { AllowedWhileBanned, CurrentUser, Public, uuidParam } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { RateLimit, RateLimitPerAddress } from '../limits/rate-limit.guard';
import { PasskeysService } from './passkeys.service';
import { passkeyError, PasskeyErrorCode } from './passkeys.errors';

/** The signed-in user's passkeys (DESIGN.md §4e). Securing an account is never refused to a banned user. */
@Controller('api/account/passkeys')
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @Get()
  async list(@CurrentUser() user: SessionUser): Promise<PasskeyList> {
    return { passkeys: await this.passkeys.list(user.id) };
  }

  @Post('options')
  @AllowedWhileBanned()
  @RateLimit('passkeys')
  @HttpCode(200)
  options(@CurrentUser() user: SessionUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return this.passkeys.registrationOptions(user);
  }

  @Post()
  @AllowedWhileBanned()
  @RateLimit('passkeys')
  add(
    @CurrentUser() user: SessionUser,
    @ParsedBody(addPasskeySchema) body: AddPasskeyPayload,
  ): Promise<Passkey> {
    return this.passkeys.add(user, body);
  }

  @Patch(':id')
  @AllowedWhileBanned()
  @RateLimit('passkeys')
  rename(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(renamePasskeySchema) body: z.output<typeof renamePasskeySchema>,
  ): Promise<Passkey> {
    return this.passkeys.rename(user.id, id, body.name);
  }

  @Delete(':id')
  @AllowedWhileBanned()
  @RateLimit('passkeys')
  @HttpCode(204)
  remove(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<void> {
    return this.passkeys.remove(user.id, id);
  }
}

/** Signing in with a passkey alone: no username, no password, no second step (the passkey is both factors). */
@Controller('api/login/passkey')
export class PasskeySignInController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly auth: AuthService,
  ) {}

  @Public()
  @Post('options')
  @RateLimitPerAddress('login-passkey')
  @HttpCode(200)
  options(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return this.passkeys.signInOptions();
  }

  @Public()
  @Post()
  @RateLimitPerAddress('login-passkey')
  @HttpCode(200)
  async signIn(
    @Req() request: Request,
    @ParsedBody(loginPasskeySchema) body: LoginPasskeyPayload,
  ): Promise<SessionUser> {
    const userId = await this.passkeys.verifySignIn(body);
    // A suspended account is told so (403); one being deleted has no user any more: its passkeys sign nobody in.
    const user = await this.auth.userSigningIn(userId, passkeyError(PasskeyErrorCode.Unknown));
    // Whoever this browser was signed in as, it is now this user, in a new session.
    if (request.isAuthenticated?.()) await new Promise<void>((resolve) => request.logOut(() => resolve()));
    await this.auth.completeSignIn(request, user);
    return user;
  }
}
