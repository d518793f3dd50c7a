import i18next from 'i18next';
import { foldAccents, type Fencer, type MutedWord } from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import * as socialApi from '../api/social';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The settings' Muted tab: the fencers the user muted, and the words that keep posts out of their views. */
interface MutedSettingsState {
  /** Whose lists these are: another user's never show, not even while theirs load. */
  userId: string | null;
  fencers: Fencer[];
  words: MutedWord[];
  status: LoadStatus;
  /** The fencers being unmuted, by id. */
  unmuting: string[];
  /** A new list of muted words on its way; the form waits for it. */
  savingWords: boolean;
  /** Fetches both lists for `userId`. */
  load: (userId: string) => Promise<void>;
  /** Unmutes a fencer and takes them off the list; says so either way. */
  unmute: (fencer: Fencer) => Promise<void>;
  /** Mutes `word` until `expiresAt` (null: until unmuted); the same word again gets the new end. Rejects with the server's text. */
  addWord: (word: string, expiresAt: string | null) => Promise<void>;
  /** Unmutes `word`. Rejects with the server's text. */
  removeWord: (word: string) => Promise<void>;
  reset: () => void;
}

const INITIAL = {
  userId: null,
  fencers: [],
  words: [],
  status: 'idle',
  unmuting: [],
  savingWords: false,
} satisfies Partial<MutedSettingsState>;

/** A reply for a load started before the last one (or for another user) is dropped. */
let sequence = 0;

/** Two spellings of one word (case, accents) are one muted word, as the server matches them. */
const sameWord = (a: string, b: string) => foldAccents(a.trim()) === foldAccents(b.trim());

export const useMutedSettingsStore = create<MutedSettingsState>()((set, get) => {
  /** Sends the whole list (the server keeps exactly what it gets) and shows what it kept. */
  async function saveWords(words: MutedWord[]): Promise<void> {
    const { userId } = get();
    set({ savingWords: true });
    try {
      const kept = await socialApi.saveMutedWords(words);
      if (get().userId === userId) set({ words: kept });
    } catch (error) {
      throw new Error(errorMessage(error, i18next.t('settings:toasts.mutedWordsNotSaved')), {
        cause: error,
      });
    } finally {
      set({ savingWords: false });
    }
  }

  return {
    ...INITIAL,

    load: async (userId) => {
      const started = ++sequence;
      if (userId !== get().userId) set({ ...INITIAL, userId, status: 'loading' });
      else if (get().status !== 'ready') set({ status: 'loading' });
      try {
        const [fencers, words] = await Promise.all([
          socialApi.fetchMutedUsers(),
          socialApi.fetchMutedWords(),
        ]);
        if (started === sequence) set({ fencers, words, status: 'ready' });
      } catch {
        if (started === sequence && get().status !== 'ready') set({ status: 'error' });
      }
    },

    unmute: async (fencer) => {
      if (get().unmuting.includes(fencer.id)) return;
      set((state) => ({ unmuting: [...state.unmuting, fencer.id] }));
      try {
        await socialApi.unmuteUser(fencer.id);
        set((state) => ({ fencers: state.fencers.filter((muted) => muted.id !== fencer.id) }));
        notify.success(
          i18next.t('settings:toasts.unmuted.title', { username: fencer.username }),
          i18next.t('settings:toasts.unmuted.text'),
        );
      } catch (error) {
        notify.error(
          i18next.t('settings:toasts.unmuteFailed'),
          errorMessage(error, i18next.t('common:errors.tryAgainLater')),
        );
      } finally {
        set((state) => ({ unmuting: state.unmuting.filter((id) => id !== fencer.id) }));
      }
    },

    addWord: async (word, expiresAt) => {
      const others = get().words.filter((muted) => !sameWord(muted.word, word));
      await saveWords([...others, { word: word.trim(), expiresAt }]);
    },

    removeWord: async (word) => {
      await saveWords(get().words.filter((muted) => muted.word !== word));
    },

    reset: () => {
      sequence++;
      set(INITIAL);
    },
  };
});

screenStoreLoaded('muted-settings', useMutedSettingsStore);
