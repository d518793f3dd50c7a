import {
  activeBanReplySchema,
  banSchema,
  reportSchema,
  type Ban,
  type BanDurationHours,
  type Report,
  type TargetReportPayload,
} from '@piste/contracts';
import * as z from 'zod/mini';
import { api } from './client';

const reportListSchema = z.array(reportSchema);

/** POST /api/reports: the signed-in user reports someone else's post. */
export function reportPost(postId: string, reporterId: string, reason: string): Promise<Report> {
  return api.post('/api/reports', { postId, reporterId, reason }, reportSchema);
}

/** POST /api/reports with a category: the signed-in user reports a comment, a message they received or a fencer. */
export function reportTarget(payload: TargetReportPayload): Promise<Report> {
  return api.post('/api/reports', payload, reportSchema);
}

/** GET /api/reports (admins): every report, newest first. */
export function fetchReports(): Promise<Report[]> {
  return api.get('/api/reports', reportListSchema);
}

/** PATCH /api/reports/{id} (admins). The server records the real time and reviewer. */
export function updateReport(reportId: string, status: 'dismissed' | 'resolved'): Promise<Report> {
  return api.patch(
    `/api/reports/${reportId}`,
    { status, resolvedAt: new Date().toISOString() },
    reportSchema,
  );
}

/** DELETE /api/posts/{id}: an admin removes a reported post; the server resolves its reports. */
export async function deleteReportedPost(postId: string): Promise<void> {
  await api.delete(`/api/posts/${postId}`);
}

export interface BanRequest {
  userId: string;
  reason: string;
  durationHours: BanDurationHours;
  reportId?: string;
}

/** POST /api/bans (admins). */
export function banUser(request: BanRequest): Promise<Ban> {
  return api.post('/api/bans', request, banSchema);
}

/** GET /api/bans/me: the signed-in user's active ban, or null. */
export async function fetchOwnBan(): Promise<Ban | null> {
  const reply = await api.get('/api/bans/me', activeBanReplySchema);
  return reply.ban;
}
