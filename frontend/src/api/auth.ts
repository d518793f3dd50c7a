import {
  sessionUserSchema,
  twoFactorRequiredSchema,
  type LoginPayload,
  type LoginTwoFactorPayload,
  type RegisterForm,
  type SessionUser,
  type TwoFactorRequired,
} from '@piste/contracts';
import * as z from 'zod/mini';
import { api, ApiError } from './client';

/** GET /api/user: the signed-in user, or null when not signed in (401). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await api.get('/api/user', z.nullable(sessionUserSchema));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw new ApiError('Failed to fetch user', error instanceof ApiError ? error.status : 0);
  }
}

/** POST /api/login: the signed-in user, or, for an account with a second factor, a request for it. */
export function login(credentials: LoginPayload): Promise<SessionUser | TwoFactorRequired> {
  return api.post('/api/login', credentials, z.union([twoFactorRequiredSchema, sessionUserSchema]));
}

/** POST /api/login/2fa: the second step of a sign-in begun with the password in this browser. */
export function loginSecondFactor(payload: LoginTwoFactorPayload): Promise<SessionUser> {
  return api.post('/api/login/2fa', payload, sessionUserSchema);
}

/**
 * POST /api/register with the registration payload: the form (checked against registerFormSchema) less
 * confirmPassword and acceptTerms. The server parses the payload with registerPayloadSchema.
 */
export function register(form: RegisterForm): Promise<SessionUser> {
  const { confirmPassword: _confirm, acceptTerms: _terms, ...payload } = form;
  return api.post('/api/register', payload, sessionUserSchema);
}

export async function logout(): Promise<void> {
  await api.post('/api/logout');
}
