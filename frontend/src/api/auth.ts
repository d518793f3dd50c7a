import {
  registerPayloadSchema,
  sessionUserSchema,
  type LoginPayload,
  type RegisterForm,
  type SessionUser,
} from '@piste/contracts';
import { api, ApiError } from './client';

/** GET /api/user: the signed-in user, or null when not signed in (401). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await api.get('/api/user', sessionUserSchema.nullable());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw new ApiError('Failed to fetch user', error instanceof ApiError ? error.status : 0);
  }
}

export function login(credentials: LoginPayload): Promise<SessionUser> {
  return api.post('/api/login', credentials, sessionUserSchema);
}

/** POST /api/register with the registration payload; parsing drops confirmPassword and acceptTerms. */
export function register(form: RegisterForm): Promise<SessionUser> {
  const payload = registerPayloadSchema.parse(form);
  return api.post('/api/register', payload, sessionUserSchema);
}

export async function logout(): Promise<void> {
  await api.post('/api/logout');
}
