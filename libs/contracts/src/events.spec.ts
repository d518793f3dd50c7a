import { randomUUID } from 'node:crypto';
import {
  POST_WATCH_MAX_IDS,
  WEAPONS,
  clientEventSchemas,
  feedWatchPayloadSchema,
  postRoom,
  postWatchPayloadSchema,
} from './index';

describe('post watch events', () => {
  const ids = (count: number) => Array.from({ length: count }, () => randomUUID());

  it('accepts one to fifty post ids', () => {
    expect(postWatchPayloadSchema.safeParse({ postIds: ids(1) }).success).toBe(true);
    expect(postWatchPayloadSchema.safeParse({ postIds: ids(POST_WATCH_MAX_IDS) }).success).toBe(true);
  });

  it.each([
    ['no ids', { postIds: [] }],
    ['too many ids', { postIds: ids(POST_WATCH_MAX_IDS + 1) }],
    ['an id that is not a uuid', { postIds: [randomUUID(), 'post-1'] }],
    ['a single id instead of a list', { postIds: randomUUID() }],
    ['no body', undefined],
  ])('refuses %s', (_case, payload) => {
    expect(postWatchPayloadSchema.safeParse(payload).success).toBe(false);
  });

  it('fits the largest message well within the 4 KiB socket limit', () => {
    const packet = `42${JSON.stringify(['posts:watch', { postIds: ids(POST_WATCH_MAX_IDS) }])}`;
    expect(Buffer.byteLength(packet)).toBeLessThan(4 * 1024);
  });

  it("names a post's room", () => {
    expect(postRoom('0b9e8f0a-3c1d-4e5f-8a7b-1c2d3e4f5a6b')).toBe(
      'post:0b9e8f0a-3c1d-4e5f-8a7b-1c2d3e4f5a6b',
    );
  });
});

describe('feed watch events', () => {
  it.each(WEAPONS)('accepts the %s feed', (weapon) => {
    expect(feedWatchPayloadSchema.safeParse({ weapon }).data).toEqual({ weapon });
  });

  it.each([
    ['an unknown weapon', { weapon: 'rapier' }],
    ['a weapon in capitals', { weapon: 'EPEE' }],
    ['no weapon', {}],
    ['a bare weapon name', 'epee'],
    ['no body', undefined],
  ])('refuses %s', (_case, payload) => {
    expect(feedWatchPayloadSchema.safeParse(payload).success).toBe(false);
  });

  it('parses feed:watch and feed:unwatch with the same schema', () => {
    expect(clientEventSchemas['feed:watch']).toBe(feedWatchPayloadSchema);
    expect(clientEventSchemas['feed:unwatch']).toBe(feedWatchPayloadSchema);
  });
});
