import type { Profile, UpdateProfilePayload } from '@piste/contracts';
import i18next from 'i18next';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import { UploadError, uploadFile } from '../api/objects';
import * as usersApi from '../api/users';
import { notify } from '../lib/toast';
import { useSessionStore } from './session';

interface ProfileState {
  /** The signed-in user's stored profile; null until loaded. */
  profile: Profile | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  saving: boolean;
  /** Upload progress of the chosen avatar, 0..1; null when no upload is running. */
  uploadProgress: number | null;
  /** Fetches the profile; a failure is shown as the spec's toast. */
  load: () => Promise<void>;
  /**
   * Uploads `avatarFile` (if any), saves the fields, updates the Header's session user and says so. Resolves
   * to the saved profile, or null once a failure has been shown as the spec's toast.
   */
  save: (fields: UpdateProfilePayload, avatarFile: File | null) => Promise<Profile | null>;
}

export const useProfileStore = create<ProfileState>()((set, get) => ({
  profile: null,
  status: 'idle',
  saving: false,
  uploadProgress: null,

  load: async () => {
    set((s) => ({ status: s.profile ? s.status : 'loading' }));
    try {
      const profile = await usersApi.fetchOwnProfile();
      set({ profile, status: 'ready' });
    } catch (error) {
      set({ status: 'error' });
      notify.error(
        i18next.t('people:profile.toasts.loadFailed'),
        errorMessage(error, i18next.t('common:errors.tryAgainLater')),
      );
    }
  },

  save: async (fields, avatarFile) => {
    const userId = useSessionStore.getState().user?.id ?? get().profile?.id;
    if (!userId) {
      notify.error(i18next.t('people:profile.toasts.notLoggedIn'));
      return null;
    }
    set({ saving: true });
    try {
      let avatar = fields.avatar ?? null;
      if (avatarFile) {
        set({ uploadProgress: 0 });
        try {
          avatar = await uploadFile(avatarFile, 'avatar', (fraction) => set({ uploadProgress: fraction }));
        } catch (error) {
          // No upload URL, or the transfer failed: the fields are not saved either.
          notify.error(
            i18next.t('people:profile.toasts.uploadFailed'),
            error instanceof UploadError ? error.detail : errorMessage(error, String(error)),
          );
          return null;
        }
      }
      const profile = await usersApi.updateProfile(userId, { ...fields, avatar });
      set({ profile, status: 'ready' });
      // The Header shows the session user's name and avatar.
      const session = useSessionStore.getState();
      if (session.user?.id === profile.id) {
        session.setUser({ ...session.user, name: profile.name, avatar: profile.avatar });
      }
      notify.success(
        i18next.t('people:profile.toasts.updated'),
        i18next.t('people:profile.toasts.updatedDetail'),
      );
      return profile;
    } catch (error) {
      notify.error(
        i18next.t('people:profile.toasts.updateFailed'),
        errorMessage(error, i18next.t('common:errors.tryAgainLater')),
      );
      return null;
    } finally {
      set({ saving: false, uploadProgress: null });
    }
  },
}));

/** Clears the cached profile (on sign-out, so the next user never sees it). */
export function resetProfileStore(): void {
  useProfileStore.setState({ profile: null, status: 'idle', saving: false, uploadProgress: null });
}
