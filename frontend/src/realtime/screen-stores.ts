import type { useAccountStore } from '../stores/account';
import type { useAccountExportStore } from '../stores/account-export';
import type { useAccountSessionsStore } from '../stores/account-sessions';
import type { useAuditStore } from '../stores/admin-audit';
import type { useAdminUserPageStore } from '../stores/admin-user-page';
import type { useAdminUsersStore } from '../stores/admin-users';
import type { useCalendarFeedStore } from '../stores/calendar-feed';
import type { useClubEventsStore } from '../stores/club-events';
import type { useClubPageStore } from '../stores/club-page';
import type { useClubPostsStore } from '../stores/club-posts';
import type { useClubsStore } from '../stores/clubs';
import type { useDrillsStore } from '../stores/drills';
import type { useEventPageStore } from '../stores/event-page';
import type { useEventsStore } from '../stores/events';
import type { useFencerClubsStore } from '../stores/fencer-clubs';
import type { useFencerProfileStore } from '../stores/fencer-profile';
import type { useFencerRecordStore } from '../stores/fencer-record';
import type { useHostingClubsStore } from '../stores/hosting-clubs';
import type { useModerationStore } from '../stores/moderation';
import type { useMutedSettingsStore } from '../stores/muted-settings';
import type { useNotificationSettingsStore } from '../stores/notification-settings';
import type { usePasskeysStore } from '../stores/passkeys';
import type { usePostPageStore } from '../stores/post-page';
import type { useRecordSettingsStore } from '../stores/record-settings';
import type { useSavedPostsStore } from '../stores/saved-posts';
import type { useSearchResultsStore } from '../stores/search-results';
import type { useTagPostsStore } from '../stores/tag-posts';
import type { useTwoFactorStore } from '../stores/two-factor';
import type { useUsernameLookupStore } from '../stores/username-lookup';

/**
 * The stores of screens other than the feed, by name. Most load with their screen, not with the app (a first visit
 * of the feed fetches them not at all), so live-events.ts reaches them through here: each such store module hands
 * its store over as it loads. A store not loaded yet still holds its initial state, with nothing to update,
 * refetch or forget.
 */
interface ScreenStores {
  account: typeof useAccountStore;
  'account-export': typeof useAccountExportStore;
  'account-sessions': typeof useAccountSessionsStore;
  'admin-audit': typeof useAuditStore;
  'admin-user-page': typeof useAdminUserPageStore;
  'admin-users': typeof useAdminUsersStore;
  'calendar-feed': typeof useCalendarFeedStore;
  'club-events': typeof useClubEventsStore;
  'club-page': typeof useClubPageStore;
  'club-posts': typeof useClubPostsStore;
  clubs: typeof useClubsStore;
  drills: typeof useDrillsStore;
  'event-page': typeof useEventPageStore;
  events: typeof useEventsStore;
  'fencer-clubs': typeof useFencerClubsStore;
  'fencer-profile': typeof useFencerProfileStore;
  'fencer-record': typeof useFencerRecordStore;
  'hosting-clubs': typeof useHostingClubsStore;
  moderation: typeof useModerationStore;
  'muted-settings': typeof useMutedSettingsStore;
  'notification-settings': typeof useNotificationSettingsStore;
  passkeys: typeof usePasskeysStore;
  'post-page': typeof usePostPageStore;
  'record-settings': typeof useRecordSettingsStore;
  'saved-posts': typeof useSavedPostsStore;
  'search-results': typeof useSearchResultsStore;
  'tag-posts': typeof useTagPostsStore;
  'two-factor': typeof useTwoFactorStore;
  'username-lookup': typeof useUsernameLookupStore;
}

export type ScreenStoreName = keyof ScreenStores;

const loaded: Partial<ScreenStores> = {};

/** Called once by each screen's store module, as it loads: live events reach the store from then on. */
export function screenStoreLoaded<Name extends ScreenStoreName>(name: Name, store: ScreenStores[Name]): void {
  loaded[name] = store;
}

/** The store's state once its screen has loaded it; undefined before. */
export function loadedStore<Name extends ScreenStoreName>(
  name: Name,
): ReturnType<ScreenStores[Name]['getState']> | undefined {
  return loaded[name]?.getState() as ReturnType<ScreenStores[Name]['getState']> | undefined;
}

/** Every screen store loaded so far: what a change of signed-in user has to empty. */
export function loadedScreenStores(): { reset(): void }[] {
  return Object.values(loaded).map((store: ScreenStores[ScreenStoreName]) => store.getState());
}
