import { DataSource } from 'typeorm';
import type { PostViewer } from '@piste/contracts';
import type { TestApp } from './helpers';

/** The likes and dislikes rows the database holds for a post. */
export async function storedReactions(
  t: TestApp,
  postId: string,
): Promise<{ likes: number; dislikes: number }> {
  const [row] = await t.app
    .get(DataSource)
    .query<Array<{ likes: string; dislikes: string }>>(
      `SELECT (SELECT count(*) FROM likes WHERE "postId" = $1) AS likes, (SELECT count(*) FROM dislikes WHERE "postId" = $1) AS dislikes`,
      [postId],
    );
  return { likes: Number(row.likes), dislikes: Number(row.dislikes) };
}

/** What a post's only reacting user is told about it (reply or `post:viewer`) when their reaction is this. */
export function onlyReaction(postId: string, reaction: 'like' | 'dislike' | null): PostViewer {
  return {
    postId,
    likesCount: reaction === 'like' ? 1 : 0,
    dislikesCount: reaction === 'dislike' ? 1 : 0,
    isLiked: reaction === 'like',
    isDisliked: reaction === 'dislike',
  };
}
