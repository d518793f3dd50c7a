import {
  createPostSchema,
  english,
  MEDIA_ALT_MAX,
  POST_TYPES,
  POST_VISIBILITIES,
  WEAPONS,
  type PostVisibility,
  type Weapon,
} from '@piste/contracts';
import i18next from 'i18next';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import type { NewPost } from '../../stores/feed';
import { ACHIEVEMENT_FIELDS, detailsFrom, DRILL_FIELDS, emptyDetails } from './details';

/** A detail as typed: free text, sent as it is (the server trims it). */
const detailText = z.string();

/**
 * What the composer holds: the contract's post content (its rule and message are the server's), the type and
 * weapon, who sees it, the image's description, and both kinds of details as typed (only the post type's own are
 * sent).
 */
export const postDraftSchema = z.object({
  content: createPostSchema.shape.content,
  type: z.enum(POST_TYPES),
  weapon: z.enum(WEAPONS),
  visibility: z.enum(POST_VISIBILITIES),
  mediaAlt: z
    .string()
    .max(MEDIA_ALT_MAX, { message: english('posts.mediaAltTooLong', { max: MEDIA_ALT_MAX }) }),
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
export function postToastTitles(): Record<string, string> {
  return { [english('posts.contentRequired')]: i18next.t('feed:composer.toasts.contentRequired') };
}

export function emptyDraft(weapon: Weapon, visibility: PostVisibility = 'public'): PostDraft {
  return {
    content: '',
    type: 'general',
    weapon,
    visibility,
    mediaAlt: '',
    drill: emptyDetails(DRILL_FIELDS),
    achievement: emptyDetails(ACHIEVEMENT_FIELDS),
  };
}

/** What a kept draft holds: the form's values but the weapon (the key says it); never the file. */
export type StoredDraft = Omit<PostDraft, 'weapon'>;

/** Whether the author typed anything worth keeping (a choice alone is not). */
function hasWriting(draft: StoredDraft): boolean {
  return [
    draft.content,
    draft.mediaAlt,
    ...Object.values(draft.drill),
    ...Object.values(draft.achievement),
  ].some((text) => text.trim() !== '');
}

/** The draft to keep for the form's values; null when there is nothing to keep. */
export function storedDraftOf(values: PostDraft): StoredDraft | null {
  const { weapon: _weapon, ...draft } = values;
  return hasWriting(draft) ? draft : null;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A kept draft read back (it may be from an older app or edited by hand): the form's values, or null. */
export function restoredDraft(stored: unknown, weapon: Weapon): PostDraft | null {
  if (!stored || typeof stored !== 'object') return null;
  const kept = stored as Record<string, unknown>;
  const draft: PostDraft = {
    content: textOf(kept.content),
    type: POST_TYPES.find((type) => type === kept.type) ?? 'general',
    weapon,
    // A feed's draft is never for a club (a club's composer keeps none).
    visibility:
      POST_VISIBILITIES.find((visibility) => visibility === kept.visibility && visibility !== 'club') ??
      'public',
    mediaAlt: textOf(kept.mediaAlt).slice(0, MEDIA_ALT_MAX),
    drill: detailsFrom(DRILL_FIELDS, kept.drill),
    achievement: detailsFrom(ACHIEVEMENT_FIELDS, kept.achievement),
  };
  return hasWriting(draft) ? draft : null;
}

/** The post to publish from a checked draft: its type's details only, competitors as a number. */
export function newPostOf(
  draft: z.output<typeof postDraftSchema>,
  media: Pick<NewPost, 'file' | 'poster'>,
): NewPost {
  const { achievement } = draft;
  const isImage = !!media.file && media.file.type.startsWith('image/');
  return {
    content: draft.content,
    type: draft.type,
    weapon: draft.weapon,
    visibility: draft.visibility,
    mediaAlt: isImage && draft.mediaAlt.trim() ? draft.mediaAlt.trim() : undefined,
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
