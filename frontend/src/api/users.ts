import { profileSchema, type Profile, type UpdateProfilePayload } from '@piste/contracts';
import { api } from './client';

/** GET /api/current-user: the signed-in user's full profile. */
export function fetchOwnProfile(): Promise<Profile> {
  return api.get('/api/current-user', profileSchema);
}

/** GET /api/users/{id}: anyone's public profile (email only for yourself). */
export function fetchProfile(userId: string): Promise<Profile> {
  return api.get(`/api/users/${encodeURIComponent(userId)}`, profileSchema);
}

/** PUT /api/users/{id}: name, title, email, weaponSpecialty, avatar. */
export function updateProfile(userId: string, payload: UpdateProfilePayload): Promise<Profile> {
  return api.put(`/api/users/${encodeURIComponent(userId)}`, payload, profileSchema);
}
