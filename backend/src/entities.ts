import { UserEntity } from './users/user.entity';
import { PostEntity } from './posts/post.entity';
import { DislikeEntity, HiddenPostEntity, LikeEntity, SaveEntity } from './posts/reaction.entities';
import { CommentEntity, CommentLikeEntity } from './posts/comment.entity';
import { BlockedUserEntity, FollowEntity, FriendRequestEntity } from './connections/connection.entities';
import { ConversationEntity, MessageEntity } from './messages/message.entities';
import { BanEntity } from './bans/ban.entity';
import { ModerationActionEntity, ReportedPostEntity } from './moderation/moderation.entities';
import { UploadTicketEntity } from './objects/upload-ticket.entity';
import { AccountLinkEntity } from './accounts/account-link.entity';
import { AccountExportEntity } from './account-data/account-export.entity';
import { NotificationSettingsEntity } from './push/notification-settings.entity';
import { PushSubscriptionEntity } from './push/push-subscription.entity';

export const ENTITIES = [
  UserEntity,
  PostEntity,
  LikeEntity,
  DislikeEntity,
  SaveEntity,
  HiddenPostEntity,
  CommentEntity,
  CommentLikeEntity,
  FriendRequestEntity,
  FollowEntity,
  BlockedUserEntity,
  ConversationEntity,
  MessageEntity,
  ReportedPostEntity,
  ModerationActionEntity,
  BanEntity,
  UploadTicketEntity,
  AccountLinkEntity,
  AccountExportEntity,
  PushSubscriptionEntity,
  NotificationSettingsEntity,
];
