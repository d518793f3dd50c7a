import type { FeedPost, PostClub, PostComment, PostCounts } from '@piste/contracts';
import { toUserSummary } from '../users/users.mapper';
import type { UserEntity } from '../users/user.entity';
import type { CommentEntity } from './comment.entity';
import type { PostEntity } from './post.entity';

/** The post fields the feed's view is made of: a PostEntity, or a row of a feed statement. */
export type FeedPostSource = Pick<
  PostEntity,
  | 'id'
  | 'authorId'
  | 'content'
  | 'type'
  | 'weapon'
  | 'authorRole'
  | 'mediaUrl'
  | 'mediaType'
  | 'mediaWidth'
  | 'mediaHeight'
  | 'mediaDisplayUrl'
  | 'mediaDisplayWidth'
  | 'mediaDisplayHeight'
  | 'mediaPosterUrl'
  | 'mediaAlt'
  | 'drillDetails'
  | 'achievementDetails'
  | 'likesCount'
  | 'dislikesCount'
  | 'commentsCount'
  | 'sharesCount'
  | 'savesCount'
  | 'visibility'
  | 'clubId'
  | 'editedAt'
  | 'createdAt'
>;

export type PostAuthor = Pick<UserEntity, 'id' | 'name' | 'username' | 'avatar' | 'title' | 'ratingLabel'>;

export interface ViewerReaction {
  isLiked: boolean;
  isDisliked: boolean;
  /** Whether the viewer saved the post; absent where a reply does not say. */
  isSaved?: boolean;
}

export const NO_REACTION: ViewerReaction = { isLiked: false, isDisliked: false };

/** The feed's view of a post: the post, its author, and what the viewer did to it. */
export function toFeedPost(
  post: FeedPostSource,
  author: PostAuthor,
  reaction: ViewerReaction,
  club?: PostClub | null,
): FeedPost {
  return {
    id: post.id,
    authorId: post.authorId,
    content: post.content,
    type: post.type,
    weapon: post.weapon,
    authorRole: post.authorRole,
    mediaUrl: post.mediaUrl,
    mediaType: post.mediaType,
    ...imageFields(post),
    // Only videos that have one carry the field, so other posts keep the reply they always had.
    ...(post.mediaPosterUrl ? { mediaPosterUrl: post.mediaPosterUrl } : {}),
    drillDetails: post.drillDetails,
    achievementDetails: post.achievementDetails,
    likesCount: post.likesCount,
    dislikesCount: post.dislikesCount,
    commentsCount: post.commentsCount,
    sharesCount: post.sharesCount,
    savesCount: post.savesCount,
    createdAt: post.createdAt.toISOString(),
    author: toUserSummary(author),
    isLiked: reaction.isLiked,
    isDisliked: reaction.isDisliked,
    visibility: post.visibility,
    mediaAlt: post.mediaAlt,
    editedAt: post.editedAt?.toISOString() ?? null,
    ...(reaction.isSaved !== undefined ? { isSaved: reaction.isSaved } : {}),
    // Only club posts carry it, so other posts keep the reply they always had.
    ...(club ? { club } : {}),
  };
}

/**
 * An image's size and display version, present only when the upload recorded them: videos and images posted
 * before display versions existed keep the reply they always had.
 */
function imageFields(post: FeedPostSource): Pick<FeedPost, 'mediaWidth' | 'mediaHeight' | 'mediaDisplay'> {
  if (!post.mediaWidth || !post.mediaHeight) return {};
  const { mediaDisplayUrl: url, mediaDisplayWidth: width, mediaDisplayHeight: height } = post;
  return {
    mediaWidth: post.mediaWidth,
    mediaHeight: post.mediaHeight,
    mediaDisplay: url && width && height ? { url, width, height } : null,
  };
}

export function toPostCounts(
  post: Pick<PostEntity, 'id' | 'likesCount' | 'dislikesCount' | 'commentsCount'> &
    Partial<Pick<PostEntity, 'savesCount'>>,
): PostCounts {
  return {
    postId: post.id,
    likesCount: post.likesCount,
    dislikesCount: post.dislikesCount,
    commentsCount: post.commentsCount,
    ...(post.savesCount !== undefined ? { savesCount: post.savesCount } : {}),
  };
}

export function toPostComment(comment: CommentEntity, author: PostAuthor, isLiked: boolean): PostComment {
  return {
    id: comment.id,
    postId: comment.postId,
    authorId: comment.authorId,
    parentId: comment.parentId,
    content: comment.content,
    likesCount: comment.likesCount,
    isLiked,
    createdAt: comment.createdAt.toISOString(),
    author: {
      id: author.id,
      name: author.name,
      username: author.username,
      avatar: author.avatar,
      ...(author.ratingLabel ? { rating: author.ratingLabel } : {}),
    },
    editedAt: comment.editedAt?.toISOString() ?? null,
  };
}

const PREVIEW_LENGTH = 100;

/** The start of a post, as notifications quote it. */
export function postPreview(content: string): string {
  return content.length > PREVIEW_LENGTH ? content.slice(0, PREVIEW_LENGTH) : content;
}
