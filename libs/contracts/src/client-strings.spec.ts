import type { ZodType } from 'zod';
import {
  createBanSchema,
  createCommentSchema,
  createFriendRequestSchema,
  createPostSchema,
  createReportSchema,
  deletePushSubscriptionSchema,
  loginSchema,
  NUL_MESSAGE,
  pushSubscriptionSchema,
  reactionPayloadSchema,
  registerPayloadSchema,
  sendMessageSchema,
  updateProfileSchema,
  createClubSchema,
  updateClubSchema,
  createEventSchema,
  updateEventSchema,
  uploadRequestSchema,
  userSearchQuerySchema,
  addPasskeySchema,
  renamePasskeySchema,
  loginPasskeySchema,
  adminReasonSchema,
  setAdminSchema,
} from './index';

const ID = '7f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';

/** Every request body with a valid sample: each of its string fields must refuse a NUL character. */
const REQUESTS: [string, ZodType, Record<string, unknown>][] = [
  ['login', loginSchema, { username: 'ada', password: 'secret1' }],
  [
    'register',
    registerPayloadSchema,
    { username: 'ada_l', email: 'ada@example.com', name: 'Ada', password: 'secret1', bio: 'b', title: 't', location: 'l', achievements: ['a'] },
  ],
  ['profile', updateProfileSchema, { name: 'Ada', email: 'ada@example.com', title: 'Coach' }],
  ['post', createPostSchema, { content: 'Lunge drill', weapon: 'epee', type: 'general', authorId: ID, authorRole: 'coach' }],
  ['drill post', createPostSchema, { content: 'x', weapon: 'foil', type: 'drill', drillDetails: { duration: '10 min', level: 'All', equipment: 'Mask', focus: 'Feet' } }],
  ['comment', createCommentSchema, { postId: ID, content: 'Nice', authorId: ID }],
  ['message', sendMessageSchema, { receiverId: ID, content: 'Hi', senderId: ID }],
  ['report', createReportSchema, { postId: ID, reason: 'Spam', description: 'More', reporterId: ID }],
  ['report of a comment', createReportSchema, { targetType: 'comment', targetId: ID, reason: 'harassment', description: 'More', reporterId: ID }],
  ['ban', createBanSchema, { userId: ID, reason: 'Spam', durationHours: 24 }],
  ['reaction', reactionPayloadSchema, { postId: ID, userId: ID }],
  ['friend request', createFriendRequestSchema, { receiverId: ID, senderId: ID }],
  ['upload', uploadRequestSchema, { filename: 'a.png', contentType: 'image/png', purpose: 'post' }],
  ['user search', userSearchQuerySchema, { q: 'ada' }],
  ['push subscription', pushSubscriptionSchema, { endpoint: 'https://push.example.org/x', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }],
  ['push unsubscription', deletePushSubscriptionSchema, { endpoint: 'https://push.example.org/x' }],
  ['club', createClubSchema, { name: 'Salle Lyon', city: 'Lyon', country: 'FR', weapons: ['epee'], description: 'Nights', joinPolicy: 'open' }],
  ['club edit', updateClubSchema, { name: 'Salle Lyon', city: 'Lyon', description: 'Nights', logo: '/objects/club/abc' }],
  ['event', createEventSchema, { title: 'Open', kind: 'competition', startsAt: '2027-01-01T09:00:00Z', endsAt: '2027-01-01T18:00:00Z', timezone: 'Europe/Paris', venue: 'Hall', city: 'Lyon', country: 'FR', weapons: ['epee'], categories: ['Senior'], url: 'https://example.org', description: 'Bring ID' }],
  ['event edit', updateEventSchema, { title: 'Open', venue: 'Hall', city: 'Lyon', categories: ['Senior'], url: 'https://example.org', description: 'Bring ID' }],
  ['passkey', addPasskeySchema, { name: 'Phone', response: { id: 'aB_-', rawId: 'aB_-', type: 'public-key', response: { clientDataJSON: 'eyJ9', attestationObject: 'o2Nm', transports: ['internal'] }, clientExtensionResults: {}, authenticatorAttachment: 'platform' } }],
  ['passkey rename', renamePasskeySchema, { name: 'Phone' }],
  ['passkey sign-in', loginPasskeySchema, { response: { id: 'aB_-', rawId: 'aB_-', type: 'public-key', response: { clientDataJSON: 'eyJ9', authenticatorData: 'SZYN', signature: 'MEUC', userHandle: 'dXNy' }, clientExtensionResults: {} } }],
  ['admin reason', adminReasonSchema, { reason: 'Spam account' }],
  ['admin rights', setAdminSchema, { isAdmin: true, reason: 'New moderator' }],
]; // prettier-ignore

/** Paths of the string values in a sample (nested objects and arrays included). */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  }
  return [];
}

function withNul(sample: Record<string, unknown>, path: (string | number)[]): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  target[last] = `${String(target[last]).slice(0, 1)}\u0000x`;
  return copy;
}

describe('the one rule for client strings', () => {
  it.each(REQUESTS)('%s: the sample is valid', (_, schema, sample) => {
    expect(schema.safeParse(sample).success).toBe(true);
  });

  const cases = REQUESTS.flatMap(([name, schema, sample]) =>
    stringPaths(sample)
      .filter((path) => !['weapon', 'type', 'purpose'].includes(String(path[path.length - 1])))
      .map((path) => [`${name}.${path.join('.')}`, schema, withNul(sample, path)] as const),
  );

  it.each(cases)('%s refuses a NUL character', (_, schema, payload) => {
    const result = schema.safeParse(payload);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    // ids and enums refuse it by their own format; free text names the NUL.
    expect(messages.length).toBeGreaterThan(0);
  });

  it('names the NUL character in free text', () => {
    const result = createPostSchema.safeParse({ content: 'a\u0000b', weapon: 'epee' });
    expect(result.error?.issues[0]?.message).toBe(NUL_MESSAGE);
  });
});
