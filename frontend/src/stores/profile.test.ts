import type { Profile } from '@piste/contracts';
import * as objectsApi from '../api/objects';
import * as usersApi from '../api/users';
import { notify } from '../lib/toast';
import { sessionUser } from '../test-support/session-user';
import { resetProfileStore, useProfileStore } from './profile';
import { useSessionStore } from './session';

jest.mock('../api/users');
jest.mock('../api/objects', () => ({
  ...jest.requireActual<typeof objectsApi>('../api/objects'),
  uploadFile: jest.fn(),
}));
jest.mock('../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const users = jest.mocked(usersApi);
const objects = jest.mocked(objectsApi);
const toast = jest.mocked(notify);

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire' });
const saved = { id: 'u1', name: 'Claire Dubois', avatar: '/objects/a.png' } as Profile;
const fields = { name: 'Claire Dubois', title: null, email: 'claire@example.com', weaponSpecialty: null };
const photo = new File(['x'], 'me.png', { type: 'image/png' });

beforeEach(() => {
  jest.clearAllMocks();
  resetProfileStore();
  useSessionStore.setState({ user: claire, status: 'ready' });
});

describe('useProfileStore announces what happened to the profile', () => {
  it('uploads the chosen photo, saves, updates the header and says so', async () => {
    objects.uploadFile.mockResolvedValue('/objects/a.png');
    users.updateProfile.mockResolvedValue(saved);
    await expect(useProfileStore.getState().save({ ...fields, avatar: null }, photo)).resolves.toBe(saved);
    expect(users.updateProfile).toHaveBeenCalledWith('u1', { ...fields, avatar: '/objects/a.png' });
    expect(useSessionStore.getState().user).toMatchObject({
      name: 'Claire Dubois',
      avatar: '/objects/a.png',
    });
    expect(toast.success).toHaveBeenCalledWith(
      'Profile updated',
      'Your profile has been updated successfully',
    );
    expect(useProfileStore.getState()).toMatchObject({ saving: false, uploadProgress: null });
  });

  it('says the image failed, with the upload’s reason, and saves nothing', async () => {
    objects.uploadFile.mockRejectedValue(new objectsApi.UploadError('url', 'Storage is full'));
    await expect(useProfileStore.getState().save({ ...fields, avatar: null }, photo)).resolves.toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Failed to upload image', 'Storage is full');
    expect(users.updateProfile).not.toHaveBeenCalled();
    expect(useProfileStore.getState().saving).toBe(false);
  });

  it('shows the server message when the update is refused', async () => {
    users.updateProfile.mockRejectedValue(new Error('Email already in use'));
    await expect(useProfileStore.getState().save({ ...fields, avatar: null }, null)).resolves.toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Failed to update profile', 'Email already in use');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says so when nobody is signed in any more', async () => {
    useSessionStore.setState({ user: null });
    await expect(useProfileStore.getState().save({ ...fields, avatar: null }, null)).resolves.toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Not logged in');
    expect(users.updateProfile).not.toHaveBeenCalled();
  });

  it('says when the profile cannot be loaded', async () => {
    users.fetchOwnProfile.mockRejectedValue(new Error(''));
    await useProfileStore.getState().load();
    expect(useProfileStore.getState().status).toBe('error');
    expect(toast.error).toHaveBeenCalledWith('Failed to load profile', 'Please try again later.');
  });
});
