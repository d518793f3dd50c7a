import { z } from 'zod';
import { LIMITS } from './constants';
import { clientString } from './common';
import { WRONG_CURRENT_PASSWORD } from './accounts';

/** How long an export's archive can be downloaded, and how often a user may ask for one. */
export const EXPORT_LIFETIME_DAYS = 7;
export const EXPORT_INTERVAL_HOURS = 24;

export const EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The files of an export's archive, beside `media/…` (the user's uploads). */
export const EXPORT_FILES = [
  'README.txt',
  'profile.json',
  'posts.json',
  'comments.json',
  'reactions.json',
  'connections.json',
  'messages.json',
  'notifications.json',
  'fencing.json',
] as const;

/**
 * GET /api/account/export: the user's latest export (null when they never asked for one). `url` downloads the
 * archive while it is ready; after `expiresAt` the archive is gone and the status is `expired`.
 */
export const accountExportSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The archive's size in bytes, once ready. */
  size: z.number().nullable(),
  url: z.string().nullable(),
  /** When the next export may be asked for (24 hours after this one). */
  nextAllowedAt: z.string(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const EXPORT_TOO_SOON = 'You can ask for one export a day. Try again later.';
export const EXPORT_ALREADY_PENDING = 'Your export is still being prepared.';

/** POST /api/account/delete: the password, as the proof that it is really the owner. */
export const deleteAccountSchema = z.object({
  password: clientString('Enter your password')
    .min(1, { message: 'Enter your password' })
    .max(LIMITS.password, { message: WRONG_CURRENT_PASSWORD }),
});
export type DeleteAccountPayload = z.infer<typeof deleteAccountSchema>;

export const ACCOUNT_DELETED_REPLY = 'Your account is being deleted. Goodbye from Piste.';
