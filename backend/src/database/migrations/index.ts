import { InitialSchema1763800000000 } from './1763800000000-InitialSchema';
import { UploadTicketDetails1763800000103 } from './1763800000103-UploadTicketDetails';
import { UploadDeclaredSize1763800000200 } from './1763800000200-UploadDeclaredSize';
import { CommentParentIndex1763800000300 } from './1763800000300-CommentParentIndex';
import { ImageDisplayVersions1763800000400 } from './1763800000400-ImageDisplayVersions';
import { StartupFingerprints1763800000500 } from './1763800000500-StartupFingerprints';
import { PostSearch1763800000600 } from './1763800000600-PostSearch';
import { Notifications1763800000700 } from './1763800000700-Notifications';
import { VideoPosters1763800000800 } from './1763800000800-VideoPosters';
import { AccountLinks1763800000900 } from './1763800000900-AccountLinks';
import { AccountData1763800001000 } from './1763800001000-AccountData';
import { Push1763800001100 } from './1763800001100-Push';
import { SocialFeatures1763800001200 } from './1763800001200-SocialFeatures';
import { Clubs1763800001300 } from './1763800001300-Clubs';
import { ClubPostsAndEvents1763800001400 } from './1763800001400-ClubPostsAndEvents';
import { FencerRecord1763800001500 } from './1763800001500-FencerRecord';
import { TwoFactor1763800001600 } from './1763800001600-TwoFactor';
import { Passkeys1763800001700 } from './1763800001700-Passkeys';
import { ReportsBeyondPosts1763800001800 } from './1763800001800-ReportsBeyondPosts';
import { AdminUsers1763800001900 } from './1763800001900-AdminUsers';
import { SignInNotices1763800002000 } from './1763800002000-SignInNotices';
import { Languages1763800002110 } from './1763800002110-Languages';
import { NotificationTexts1763800002200 } from './1763800002200-NotificationTexts';
import { MutedWordsOrder1763800002300 } from './1763800002300-MutedWordsOrder';

/** Every migration, in the order they apply. */
export const MIGRATIONS = [
  InitialSchema1763800000000,
  UploadTicketDetails1763800000103,
  UploadDeclaredSize1763800000200,
  CommentParentIndex1763800000300,
  ImageDisplayVersions1763800000400,
  StartupFingerprints1763800000500,
  PostSearch1763800000600,
  Notifications1763800000700,
  VideoPosters1763800000800,
  AccountLinks1763800000900,
  AccountData1763800001000,
  Push1763800001100,
  SocialFeatures1763800001200,
  Clubs1763800001300,
  ClubPostsAndEvents1763800001400,
  FencerRecord1763800001500,
  TwoFactor1763800001600,
  Passkeys1763800001700,
  ReportsBeyondPosts1763800001800,
  AdminUsers1763800001900,
  SignInNotices1763800002000,
  Languages1763800002110,
  NotificationTexts1763800002200,
  MutedWordsOrder1763800002300,
];
