import type { RecordSettings, RecordSettingsPayload } from '@piste/contracts';
import i18next from 'i18next';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import * as recordApi from '../api/record';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The profile's "Ratings and record" form: the user's ratings and who sees their record. */
interface RecordSettingsState {
  /** Whose settings these are: another user's never show, not even while theirs load. */
  userId: string | null;
  settings: RecordSettings | null;
  status: LoadStatus;
  saving: boolean;
  /** Fetches the settings of `userId` (the signed-in user). */
  load: (userId: string) => Promise<void>;
  /** Saves the whole list and the choice, and says so. Rejects with the server's text (the form shows it). */
  save: (settings: RecordSettingsPayload) => Promise<void>;
  reset: () => void;
}

const INITIAL = {
  userId: null,
  settings: null,
  status: 'idle',
  saving: false,
} satisfies Partial<RecordSettingsState>;

/** A reply for a load started before the last one (or for another user) is dropped. */
let sequence = 0;

export const useRecordSettingsStore = create<RecordSettingsState>()((set, get) => ({
  ...INITIAL,

  load: async (userId) => {
    const started = ++sequence;
    if (userId !== get().userId) set({ ...INITIAL, userId, status: 'loading' });
    else if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const settings = await recordApi.fetchRecordSettings();
      if (started === sequence) set({ settings, status: 'ready' });
    } catch {
      if (started === sequence && get().status !== 'ready') set({ status: 'error' });
    }
  },

  save: async (payload) => {
    const { userId } = get();
    set({ saving: true });
    try {
      const settings = await recordApi.saveRecordSettings(payload);
      if (get().userId === userId) set({ settings, status: 'ready' });
      notify.success(
        i18next.t('people:record.toasts.settingsSaved'),
        i18next.t('people:record.toasts.settingsSavedDetail'),
      );
    } catch (error) {
      const message = errorMessage(error, i18next.t('people:record.settings.failed'));
      notify.error(i18next.t('people:record.toasts.settingsFailed'), message);
      throw new Error(message, { cause: error });
    } finally {
      set({ saving: false });
    }
  },

  reset: () => {
    sequence++;
    set(INITIAL);
  },
}));

screenStoreLoaded('record-settings', useRecordSettingsStore);
