import i18next from 'i18next';
import type { Club } from '@piste/contracts';
import * as clubsApi from '../api/clubs';
import type { ClubFilters } from '../api/clubs';
import { createPagedListStore } from './paged-list';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** Only the filters that are set: `{q: ''}` and `{}` are the same list. */
function cleaned(filters: ClubFilters): ClubFilters {
  const kept: ClubFilters = {};
  const q = filters.q?.trim();
  const country = filters.country?.trim().toUpperCase();
  if (q) kept.q = q;
  if (country) kept.country = country;
  if (filters.weapon) kept.weapon = filters.weapon;
  return kept;
}

/** The club directory (/clubs): the clubs that match the filters, newest first, a page at a time. */
export const useClubsStore = createPagedListStore<Club, ClubFilters>({
  fetchPage: async (...query) => {
    const page = await clubsApi.fetchClubs(...query);
    return { items: page.clubs, nextCursor: page.nextCursor };
  },
  clean: cleaned,
  failure: () => i18next.t('clubs:directory.failed'),
});

screenStoreLoaded('clubs', useClubsStore);
