import { z } from './zod';

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
  readyAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  /** The archive's size in bytes, once ready. */
  size: z.nullable(z.number()),
  url: z.nullable(z.string()),
  /** When the next export may be asked for (24 hours after this one). */
  nextAllowedAt: z.string(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const EXPORT_TOO_SOON = 'You can ask for one export a day. Try again later.';
export const EXPORT_ALREADY_PENDING = 'Your export is still being prepared.';

export const ACCOUNT_DELETED_REPLY = 'Your account is being deleted. Goodbye from Piste.';
