import type { Request } from 'express';
import {
  bestLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  type SessionUser,
} from '@piste/contracts';

/**
 * The language a reply speaks: the signed-in user's choice, else the best match of the request's
 * `Accept-Language` (the client sends its interface language there), else English.
 */
export function requestLanguage(request: Request): Language {
  const chosen = (request.user as SessionUser | undefined)?.language;
  if (isLanguage(chosen)) return chosen;
  return browserLanguage(request) ?? DEFAULT_LANGUAGE;
}

/** The best of Piste's languages for the request's `Accept-Language`, or null when it names none. */
export function browserLanguage(request: Request): Language | null {
  return bestLanguage(request.headers['accept-language']);
}

/** The language a mail or push speaks to a user who is not there to send a header. */
export function recipientLanguage(user: {
  language?: string | null;
  browserLanguage?: string | null;
}): Language {
  if (isLanguage(user.language)) return user.language;
  if (isLanguage(user.browserLanguage)) return user.browserLanguage;
  return DEFAULT_LANGUAGE;
}
