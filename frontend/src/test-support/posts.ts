import type { FeedPost } from '@piste/contracts';

/** A general Épée post by 'Someone' for tests: no media, no reactions, unless the test says otherwise. */
export function feedPost(id: string, overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    id,
    authorId: 'someone',
    content: `Post ${id}`,
    type: 'general',
    weapon: 'epee',
    authorRole: 'coach',
    mediaUrl: null,
    mediaType: null,
    drillDetails: null,
    achievementDetails: null,
    likesCount: 0,
    dislikesCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    savesCount: 0,
    createdAt: '2026-11-22T10:00:00.000Z',
    author: { id: 'someone', name: 'Someone', username: 'someone', avatar: null, title: null },
    isLiked: false,
    isDisliked: false,
    ...overrides,
  };
}
