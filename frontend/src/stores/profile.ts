import type { Profile, UpdateProfilePayload } from '@piste/contracts';
import { create } from 'zustand';
import { UploadError, uploadFile } from '../api/objects';
import * as usersApi from '../api/users';
import { useSessionStore } from './session';

/** The image upload failed (no upload URL, or the transfer); the spec's toast is 'Failed to upload image'. */
export class AvatarUploadError extends Error {
  override readonly name = 'AvatarUploadError';
  constructor(readonly detail: string) {
    super('Failed to upload image');
  }
}

/** Saving without a signed-in user (the session ended meanwhile). */
export class NotLoggedInError extends Error {
  override readonly name = 'NotLoggedInError';
  constructor() {
    super('Not logged in');
  }
}

interface ProfileState {
  /** The signed-in user's stored profile; null until loaded. */
  profile: Profile | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  saving: boolean;
  /** Upload progress of the chosen avatar, 0..1; null when no upload is running. */
  uploadProgress: number | null;
  load: () => Promise<void>;
  /** Uploads `avatarFile` (if any), saves the fields, and updates the Header's session user. */
  save: (fields: UpdateProfilePayload, avatarFile: File | null) => Promise<Profile>;
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
      throw error;
    }
  },

  save: async (fields, avatarFile) => {
    const userId = useSessionStore.getState().user?.id ?? get().profile?.id;
    if (!userId) throw new NotLoggedInError();
    set({ saving: true });
    try {
      let avatar = fields.avatar ?? null;
      if (avatarFile) {
        set({ uploadProgress: 0 });
        try {
          avatar = await uploadFile(avatarFile, 'avatar', (fraction) => set({ uploadProgress: fraction }));
        } catch (error) {
          throw new AvatarUploadError(
            error instanceof UploadError
              ? error.detail
              : error instanceof Error
                ? error.message
                : String(error),
          );
        }
      }
      const profile = await usersApi.updateProfile(userId, { ...fields, avatar });
      set({ profile, status: 'ready' });
      // The Header shows the session user's name and avatar.
      const session = useSessionStore.getState();
      if (session.user?.id === profile.id) {
        session.setUser({ ...session.user, name: profile.name, avatar: profile.avatar });
      }
      return profile;
    } finally {
      set({ saving: false, uploadProgress: null });
    }
  },
}));

/** Clears the cached profile (on sign-out, so the next user never sees it). */
export function resetProfileStore(): void {
  useProfileStore.setState({ profile: null, status: 'idle', saving: false, uploadProgress: null });
}
