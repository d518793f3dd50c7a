import type { UserSummary } from '@piste/contracts';
import i18next from 'i18next';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import { muteUser } from '../api/social';
import { notify } from '../lib/toast';
import { useFeedStore } from './feed';
import { usePostsStore } from './posts';

/**
 * Muting a fencer (DESIGN.md §4c): the server leaves their posts out of everything the user reads from then on,
 * and the posts of theirs already on screen leave every list at once (the feed, a fencer's page, search), as a
 * hidden post does. They notice nothing. Unmuting is the settings' Muted tab's (stores/muted-settings.ts).
 */

type MutedFencer = Pick<UserSummary, 'id' | 'username' | 'name'>;

interface MutesState {
  /** Fencers with a mute call in flight. */
  muting: Record<string, true>;
  /** Mutes the fencer; resolves true once muted (a failure is shown as a toast). */
  mute: (fencer: MutedFencer) => Promise<boolean>;
}

/** How the toasts name a fencer: @username, else their name. */
export function handleOf(fencer: Pick<UserSummary, 'username' | 'name'>): string {
  return fencer.username ? `@${fencer.username}` : (fencer.name ?? i18next.t('common:thisFencer'));
}

export const useMutesStore = create<MutesState>()((set, get) => ({
  muting: {},

  mute: async (fencer) => {
    if (get().muting[fencer.id]) return false;
    set((state) => ({ muting: { ...state.muting, [fencer.id]: true } }));
    // Muting is done from a post, away from the settings: their texts come first (at once once fetched).
    const texts = i18next.loadNamespaces('settings').catch(() => undefined);
    try {
      await muteUser(fencer.id);
      const gone = usePostsStore.getState().dropAuthor(fencer.id);
      useFeedStore.getState().forget(gone);
      await texts;
      notify.success(
        i18next.t('settings:toasts.muted.title', { handle: handleOf(fencer) }),
        i18next.t('settings:toasts.muted.text'),
      );
      return true;
    } catch (error) {
      await texts;
      notify.error(
        i18next.t('settings:toasts.muteFailed'),
        errorMessage(error, i18next.t('common:errors.tryAgainLater')),
      );
      return false;
    } finally {
      set((state) => {
        const muting = { ...state.muting };
        delete muting[fencer.id];
        return { muting };
      });
    }
  },
}));
