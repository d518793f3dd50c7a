import type { PostType, PostVisibility, Weapon } from '@piste/contracts';
import i18next from 'i18next';
import {
  Dumbbell,
  Globe,
  MessageSquareText,
  Shield,
  Trophy,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { weaponLabel } from '../../lib/weapons';

/**
 * How the composer looks, shared by the composer itself and by the feed's stand-in that shows it until the author
 * reaches for it (FeedComposer.tsx): both draw the same boxes, so nothing moves when one replaces the other.
 */

export const COMPOSER_CLASS =
  'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900';

export const CONTENT_CLASS =
  'block w-full resize-y rounded-xl border border-slate-200 bg-slate-50/60 px-3.5 py-3 text-[15px] text-slate-900 transition placeholder:text-slate-500 dark:placeholder:text-slate-400 focus:border-slate-900 focus:bg-white focus:ring-2 focus:ring-slate-900/10 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-100 dark:focus:border-slate-300 dark:focus:bg-slate-900 dark:focus:ring-slate-300/10';

/** The row under the text: post type, community, who sees it, Photo/Video. */
export const CONTROLS_CLASS = 'mt-3 flex flex-wrap items-center gap-2 sm:pl-13';

export const TYPE_GROUP_CLASS = 'flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800';

export function typeChoiceClass(chosen: boolean): string {
  return `flex cursor-pointer items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold sm:px-3 transition has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-slate-900 dark:has-[:focus-visible]:outline-slate-300 ${
    chosen
      ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
      : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
  }`;
}

/** A labelled choice in the row (Community, Who sees it): the label around its select. */
export const CHOICE_CLASS =
  'flex items-center gap-2 rounded-xl bg-slate-100 py-1 pr-1 pl-3 text-sm font-semibold text-slate-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 dark:bg-slate-800 dark:text-slate-300';

export const SELECT_CLASS =
  'rounded-lg border-0 bg-white py-1.5 pr-8 pl-2.5 text-sm font-semibold text-slate-900 shadow-sm focus:ring-2 focus:ring-slate-900/15 focus:outline-none dark:bg-slate-900 dark:text-slate-100 dark:focus:ring-slate-300/15';

export const PHOTO_BUTTON_CLASS = 'text-slate-600 dark:text-slate-300';

/** The line with 'Posting to …' and the Post button. */
export const FOOTER_CLASS =
  'mt-4 flex items-center justify-end gap-3 border-t border-slate-100 pt-3 dark:border-slate-800';

/** The post types to choose from; `label` is the name's key in the `feed` catalogue. */
export const POST_TYPE_CHOICES = [
  { value: 'general', label: 'post.type.general', icon: MessageSquareText },
  { value: 'drill', label: 'post.type.drill', icon: Dumbbell },
  { value: 'achievement', label: 'post.type.achievement', icon: Trophy },
] as const satisfies readonly { value: PostType; label: string; icon: LucideIcon }[];

export function contentPlaceholder(weapon: Weapon, club?: { name: string }): string {
  return club
    ? i18next.t('feed:composer.placeholderClub', { club: club.name })
    : i18next.t('feed:composer.placeholder', { weapon: weaponLabel(weapon) });
}

export function VisibilityIcon({ visibility }: { visibility: PostVisibility }) {
  const Icon = visibility === 'connections' ? UsersRound : visibility === 'club' ? Shield : Globe;
  return <Icon aria-hidden className="size-4" />;
}

/** Who a new post reaches unless the author says otherwise: youth fencers post to their connections (§4c). */
export function defaultVisibility(role: string | null): PostVisibility {
  return role === 'youth' ? 'connections' : 'public';
}

/** Who may see the post: a club's members (its page's composer), everyone, or the author's connections. */
export function VisibilityOptions({ club }: { club: boolean }) {
  const { t } = useTranslation('feed');
  return (
    <>
      {club ? <option value="club">{t('composer.visibility.club')}</option> : null}
      <option value="public">{t('composer.visibility.public')}</option>
      {club ? null : <option value="connections">{t('composer.visibility.connections')}</option>}
    </>
  );
}
