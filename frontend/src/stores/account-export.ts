import i18next from 'i18next';
import type { AccountExport } from '@piste/contracts';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import * as accountApi from '../api/account';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';

type ExportLoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The archive of the account's data, as the Privacy tab shows it, and asking for a new one. */
interface AccountExportState {
  /** The latest export; null when none was asked for (or before the first load). */
  latest: AccountExport | null;
  status: ExportLoadStatus;
  /** True while a new export is being asked for. */
  requesting: boolean;
  /** Why the server refused the last request (one a day, one at a time), shown by the button; null otherwise. */
  refusal: string | null;
  /** Fetches the latest export; what was shown stays if a refetch fails. */
  load: () => Promise<void>;
  /** Asks for a new export and says so; a refusal is said in a toast and kept in `refusal`. */
  request: () => Promise<void>;
  /** Fetches the latest export again if the Privacy tab has shown it (e.g. a notification says it is ready). */
  refreshIfShown: () => Promise<void>;
  reset: () => void;
}

const sameExport = (a: AccountExport | null, b: AccountExport | null) =>
  a?.id === b?.id && a?.status === b?.status;

let loadSequence = 0;

export const useAccountExportStore = create<AccountExportState>()((set, get) => ({
  latest: null,
  status: 'idle',
  requesting: false,
  refusal: null,

  load: async () => {
    const sequence = ++loadSequence;
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const latest = await accountApi.fetchLatestExport();
      if (sequence !== loadSequence) return;
      // A refusal is about the export it was refused beside; once that one moves on, so does the refusal.
      set((s) => ({ latest, status: 'ready', refusal: sameExport(s.latest, latest) ? s.refusal : null }));
    } catch {
      if (sequence === loadSequence) set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' }));
    }
  },

  request: async () => {
    if (get().requesting) return;
    set({ requesting: true, refusal: null });
    try {
      const latest = await accountApi.requestExport();
      // A load under way would bring the export before this one.
      loadSequence += 1;
      set({ latest, status: 'ready' });
      notify.success(
        i18next.t('settings:toasts.exportRequested.title'),
        i18next.t('settings:toasts.exportRequested.text'),
      );
    } catch (error) {
      const message = errorMessage(error, i18next.t('common:errors.tryAgainLater'));
      notify.error(i18next.t('settings:toasts.exportNotRequested'), message);
      // Refused for an export this tab has not seen (asked for in another one): show it.
      if (error instanceof ApiError && error.status === 429) await get().load();
      set({ refusal: message });
    } finally {
      set({ requesting: false });
    }
  },

  refreshIfShown: async () => {
    if (get().status !== 'idle') await get().load();
  },

  reset: () => {
    loadSequence += 1;
    set({ latest: null, status: 'idle', requesting: false, refusal: null });
  },
}));

screenStoreLoaded('account-export', useAccountExportStore);
