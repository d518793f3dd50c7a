import i18next from 'i18next';
import type { AuditEntry } from '@piste/contracts';
import * as adminApi from '../api/admin';
import type { AuditFilters } from '../api/admin';
import { createPagedListStore } from './paged-list';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** The audit (/admin/audit): every moderation and account action, or those about or by one account, newest first. */
export const useAuditStore = createPagedListStore<AuditEntry, AuditFilters>({
  fetchPage: async (...query) => {
    const page = await adminApi.fetchAudit(...query);
    return { items: page.entries, nextCursor: page.nextCursor };
  },
  clean: (filters) => (filters.userId ? { userId: filters.userId } : {}),
  failure: () => i18next.t('admin:audit.fetchFailed'),
});

screenStoreLoaded('admin-audit', useAuditStore);
