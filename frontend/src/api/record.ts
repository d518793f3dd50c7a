import {
  boutSchema,
  boutsPageSchema,
  fencerRecordSchema,
  headToHeadSchema,
  recordSettingsReplySchema,
  type Bout,
  type BoutsPage,
  type CreateBoutPayload,
  type FencerRecord,
  type HeadToHead,
  type RecordSettings,
  type RecordSettingsPayload,
  type Weapon,
} from '@piste/contracts';
import { api } from './client';

/** The record calls of DESIGN.md §4d: ratings and who sees them, the bout log, totals and head-to-head. */

const profilePath = (username: string) => `/api/profiles/${encodeURIComponent(username)}`;

/** GET /api/account/record: your ratings and who sees your record. */
export function fetchRecordSettings(): Promise<RecordSettings> {
  return api.get('/api/account/record', recordSettingsReplySchema);
}

/** PUT /api/account/record: the whole list of ratings (the first shows beside your name) and who sees them. */
export function saveRecordSettings(settings: RecordSettingsPayload): Promise<RecordSettings> {
  return api.put('/api/account/record', settings, recordSettingsReplySchema);
}

/** POST /api/bouts: from your side; one against a fencer on Piste waits for them to confirm it. */
export function logBout(payload: CreateBoutPayload): Promise<Bout> {
  return api.post('/api/bouts', payload, boutSchema);
}

/** POST /api/bouts/{id}/confirm or /dispute: the other fencer's answer to a bout logged against them. */
export function answerBout(boutId: string, confirm: boolean): Promise<Bout> {
  return api.post(
    `/api/bouts/${encodeURIComponent(boutId)}/${confirm ? 'confirm' : 'dispute'}`,
    undefined,
    boutSchema,
  );
}

/** DELETE /api/bouts/{id}: the fencer who logged it takes it back. */
export async function deleteBout(boutId: string): Promise<void> {
  await api.delete(`/api/bouts/${encodeURIComponent(boutId)}`);
}

/** GET /api/profiles/{username}/record: whether you may see it, their ratings and confirmed totals per weapon. */
export function fetchFencerRecord(username: string): Promise<FencerRecord> {
  return api.get(`${profilePath(username)}/record`, fencerRecordSchema);
}

/** Which of a fencer's bouts to fetch: one weapon or all, how many, and after which bout. */
export interface BoutsRequest {
  weapon: Weapon | null;
  limit: number;
  before?: string;
}

/** GET /api/profiles/{username}/bouts: newest first; 403 when the fencer does not share their record with you. */
export function fetchBouts(username: string, { weapon, limit, before }: BoutsRequest): Promise<BoutsPage> {
  const search = new URLSearchParams({ limit: String(limit) });
  if (weapon) search.set('weapon', weapon);
  if (before) search.set('before', before);
  return api.get(`${profilePath(username)}/bouts?${search.toString()}`, boutsPageSchema);
}

/** GET /api/profiles/{username}/head-to-head: you against that fencer, confirmed bouts only, from your side. */
export function fetchHeadToHead(username: string): Promise<HeadToHead> {
  return api.get(`${profilePath(username)}/head-to-head`, headToHeadSchema);
}
