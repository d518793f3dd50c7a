import { z } from 'zod';
import { NUL_MESSAGE } from '../common';
import { MAX_PAGE_LIMIT } from '../constants';
import { english } from '../validation';

/** In a browser the schemas run without compiled fast paths (see ../zod.ts); servers keep them. */
if (typeof document !== 'undefined') z.config({ jitless: true });

export const uuidSchema = z.uuid({ message: english('ids.invalid') });

const LIMIT_MESSAGE = english('pages.limit', { max: MAX_PAGE_LIMIT });

/** A paged list's `?limit=`: a whole number from 1 to MAX_PAGE_LIMIT, `pageSize` when absent. */
export function pageLimitSchema(pageSize: number) {
  return z.coerce
    .number({ message: LIMIT_MESSAGE })
    .int({ message: LIMIT_MESSAGE })
    .min(1, { message: LIMIT_MESSAGE })
    .max(MAX_PAGE_LIMIT, { message: LIMIT_MESSAGE })
    .default(pageSize);
}

/**
 * The one rule every string a client sends starts from: a string without NUL characters (PostgreSQL text
 * cannot hold one). Each field then adds its trimming and its maximum length.
 */
export function clientString(message?: string) {
  return z
    .string(message ? { message } : undefined)
    .refine((value) => !value.includes('\u0000'), { message: NUL_MESSAGE, abort: true });
}

/** Trimmed text that must not be empty once trimmed. */
export function requiredText(message: string, max: number) {
  return clientString(message)
    .trim()
    .min(1, { message })
    .max(max, { message: english('text.tooLong', { max }) });
}

/** Optional text: trimmed; empty becomes null. */
export function optionalText(max: number) {
  return clientString()
    .trim()
    .max(max, { message: english('text.tooLong', { max }) })
    .nullish()
    .transform((v) => (v ? v : null));
}

export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;
