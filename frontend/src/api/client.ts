import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { requestLanguage } from '../i18n/languages';

/**
 * A failed call: `message` follows the spec's error-text rule (in the language asked for), `status` is the HTTP
 * status (0 = no reply), `code` the server's stable code for the error when it sent one ('accounts.invalid_link').
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The `code` of an error reply's JSON body, if it has one. */
function errorCodeOf(bodyText: string): string | undefined {
  try {
    const body: unknown = JSON.parse(bodyText);
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    return typeof code === 'string' && code ? code : undefined;
  } catch {
    return undefined;
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an action says when the phone has no network. */
export const OFFLINE_MESSAGE = 'You are offline: this needs a connection.';

/**
 * The spec's rule for a non-OK reply: the reply's `message` field, else its `error` field, else the
 * status text; when the body is not JSON, the status text or 'Request failed'.
 */
export function errorTextOf(bodyText: string, statusText: string): string {
  const fallback = statusText || 'Request failed';
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return fallback;
  }
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  return fallback;
}

async function request<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  schema?: $ZodType<T>,
): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    // The server answers errors (and mails later) in the language the interface shows.
    headers: { Accept: 'application/json', 'Accept-Language': requestLanguage() },
  };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(
      navigator.onLine === false ? OFFLINE_MESSAGE : 'Network error: the server could not be reached',
      0,
    );
  }

  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(errorTextOf(text, response.statusText), response.status, errorCodeOf(text));
  }

  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError('The server sent a reply that is not JSON', response.status);
    }
  }
  if (!schema) return data as T;

  const parsed = safeParse(schema, data);
  if (!parsed.success) throw new ApiError(`Unexpected reply from ${method} ${path}`, response.status);
  return parsed.data;
}

/** The one fetch wrapper: cookies always, JSON in and out, replies checked against a contract schema when given. */
export const api = {
  get: <T = unknown>(path: string, schema?: $ZodType<T>) => request('GET', path, undefined, schema),
  post: <T = unknown>(path: string, body?: unknown, schema?: $ZodType<T>) =>
    request('POST', path, body, schema),
  put: <T = unknown>(path: string, body?: unknown, schema?: $ZodType<T>) =>
    request('PUT', path, body, schema),
  patch: <T = unknown>(path: string, body?: unknown, schema?: $ZodType<T>) =>
    request('PATCH', path, body, schema),
  delete: <T = unknown>(path: string, schema?: $ZodType<T>, body?: unknown) =>
    request('DELETE', path, body, schema),
};

/** The message to show for any thrown value, with a fallback for the unexpected. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
