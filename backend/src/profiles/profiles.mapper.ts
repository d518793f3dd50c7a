import type { CompetitionEntry, FeedPost } from '@piste/contracts';

/** How much of an achievement post's text a record entry carries. */
const SUMMARY_LENGTH = 140;

/**
 * The competition record: achievement posts as they come (newest first), each with its details and date, then
 * the achievements listed on the profile, which carry only their text.
 */
export function toCompetitionRecord(achievementPosts: FeedPost[], listed: string[]): CompetitionEntry[] {
  const fromPosts = achievementPosts.map((post): CompetitionEntry => ({
    postId: post.id,
    competition: post.achievementDetails?.competition ?? null,
    place: post.achievementDetails?.place ?? null,
    score: post.achievementDetails?.score ?? null,
    competitors: post.achievementDetails?.competitors ?? null,
    date: post.createdAt,
    summary: summaryOf(post.content),
  }));
  const fromProfile = listed
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text): CompetitionEntry => ({
      postId: null,
      competition: text,
      place: null,
      score: null,
      competitors: null,
      date: null,
      summary: null,
    }));
  return [...fromPosts, ...fromProfile];
}

function summaryOf(content: string): string | null {
  const text = content.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…` : text;
}
