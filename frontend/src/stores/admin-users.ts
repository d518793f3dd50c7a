import i18next from 'i18next';
import type { AdminUser } from '@piste/contracts';
import * as adminApi from '../api/admin';
import type { AdminUserFilters } from '../api/admin';
import { createPagedListStore } from './paged-list';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** Only the filters that are set: `{q: ' '}`, `{status: 'all'}` and `{}` are the same list. */
function cleaned(filters: AdminUserFilters): AdminUserFilters {
  const kept: AdminUserFilters = {};
  const q = filters.q?.trim();
  if (q) kept.q = q;
  if (filters.status && filters.status !== 'all') kept.status = filters.status;
  return kept;
}

/** The admin's account list (/admin/users): accounts matching the search and status, newest first, a page at a time. */
export const useAdminUsersStore = createPagedListStore<AdminUser, AdminUserFilters>({
  fetchPage: async (...query) => {
    const page = await adminApi.fetchAdminUsers(...query);
    return { items: page.users, nextCursor: page.nextCursor };
  },
  clean: cleaned,
  failure: () => i18next.t('admin:users.fetchFailed'),
});

screenStoreLoaded('admin-users', useAdminUsersStore);
