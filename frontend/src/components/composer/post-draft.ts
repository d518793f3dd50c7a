import { createPostSchema, POST_TYPES, WEAPONS, type Weapon } from '@piste/contracts';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import type { NewPost } from '../../stores/feed';
import { ACHIEVEMENT_FIELDS, DRILL_FIELDS, emptyDetails } from './details';

/** A detail as typed: free text, sent as it is (the server trims it). */
const detailText = z.string();

/**
 * What the composer holds: the contract's post content (its rule and message are the server's), the type and
 * weapon, and both kinds of details as typed (only the post type's own are sent).
 */
export const postDraftSchema = z.object({
  content: createPostSchema.shape.content,
  type: z.enum(POST_TYPES),
  weapon: z.enum(WEAPONS),
  drill: z.object({ duration: detailText, level: detailText, equipment: detailText, focus: detailText }),
  achievement: z.object({
    place: detailText,
    score: detailText,
    competition: detailText,
    competitors: detailText,
  }),
});
export type PostDraft = z.input<typeof postDraftSchema>;
export type DetailPath = Extract<Path<PostDraft>, `drill.${string}` | `achievement.${string}`>;

/** The spec's toast for an empty post, by the text of the content's issue. */
export const POST_TOAST_TITLES = { 'Please enter some content for your post.': 'Content required' };

export function emptyDraft(weapon: Weapon): PostDraft {
  return {
    content: '',
    type: 'general',
    weapon,
    drill: emptyDetails(DRILL_FIELDS),
    achievement: emptyDetails(ACHIEVEMENT_FIELDS),
  };
}

/** The post to publish from a checked draft: its type's details only, competitors as a number. */
export function newPostOf(
  draft: z.output<typeof postDraftSchema>,
  media: Pick<NewPost, 'file' | 'poster'>,
): NewPost {
  const { achievement } = draft;
  return {
    content: draft.content,
    type: draft.type,
    weapon: draft.weapon,
    ...media,
    drillDetails: draft.type === 'drill' ? draft.drill : null,
    achievementDetails:
      draft.type === 'achievement'
        ? {
            ...achievement,
            competitors: achievement.competitors === '' ? null : Number(achievement.competitors),
          }
        : null,
  };
}
