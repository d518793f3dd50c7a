import { Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  messagesQuerySchema,
  sendMessageSchema,
  type Conversation,
  type DirectMessage,
  type MessagesQuery,
  type SessionUser,
} from '@piste/contracts';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody, ParsedQuery } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { MessagesService, type SendMessageInput } from './messages.service';

@Controller('api')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get('conversations')
  conversations(@CurrentUser() user: SessionUser): Promise<Conversation[]> {
    return this.messages.listConversations(user.id);
  }

  @Delete('conversations/:id')
  @AllowedWhileBanned()
  @HttpCode(204)
  async deleteConversation(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
  ): Promise<void> {
    await this.messages.deleteForViewer(user.id, id);
  }

  @Post('conversations/:id/read')
  @AllowedWhileBanned()
  @HttpCode(200)
  markRead(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
  ): Promise<{ conversationId: string; readAt: string }> {
    return this.messages.markConversationRead(user.id, id);
  }

  @Get('messages')
  list(
    @CurrentUser() user: SessionUser,
    @ParsedQuery(messagesQuerySchema) query: MessagesQuery,
  ): Promise<DirectMessage[]> {
    return this.messages.listMessages(user.id, query);
  }

  /** 201 with the new message; 200 with the stored one when the same clientId is sent again. */
  @Post('messages')
  @RateLimit('messages', 'messages-burst')
  async send(
    @CurrentUser() user: SessionUser,
    @ParsedBody(sendMessageSchema) body: SendMessageInput,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ message: DirectMessage; conversationId: string }> {
    const { message, conversationId, replayed } = await this.messages.send(user, body);
    if (replayed) response.status(200);
    return { message, conversationId };
  }
}
