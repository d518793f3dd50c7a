import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  deletePushSubscriptionSchema,
  pushSubscriptionSchema,
  type DeletePushSubscription,
  type PushPublicKey,
  type PushSubscriptionPayload,
  type PushSubscriptionReply,
  type SessionUser,
} from '@piste/contracts';
import { AllowedWhileBanned, CurrentUser } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { PushSubscriptionsService } from './push-subscriptions.service';
import { VapidKeys } from './vapid-keys';

/**
 * Web push for the signed-in user's browsers: the key to subscribe with, and registering or removing a
 * subscription. A ban stops neither: receiving notifications reaches no one else.
 */
@Controller('api/push')
export class PushController {
  constructor(
    private readonly vapidKeys: VapidKeys,
    private readonly subscriptions: PushSubscriptionsService,
  ) {}

  @Get('public-key')
  async publicKey(): Promise<PushPublicKey> {
    return { publicKey: (await this.vapidKeys.get()).publicKey };
  }

  @Post('subscriptions')
  @HttpCode(201)
  @AllowedWhileBanned()
  @RateLimit('push-subscriptions')
  async subscribe(
    @CurrentUser() user: SessionUser,
    @ParsedBody(pushSubscriptionSchema) body: PushSubscriptionPayload,
  ): Promise<PushSubscriptionReply> {
    await this.subscriptions.subscribe(user.id, body);
    return { endpoint: body.endpoint };
  }

  @Delete('subscriptions')
  @HttpCode(204)
  @AllowedWhileBanned()
  unsubscribe(
    @CurrentUser() user: SessionUser,
    @ParsedBody(deletePushSubscriptionSchema) body: DeletePushSubscription,
  ): Promise<void> {
    return this.subscriptions.unsubscribe(user.id, body.endpoint);
  }
}
