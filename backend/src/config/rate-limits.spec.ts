import { loadConfig } from './config';
import { DEFAULT_RATE_LIMITS } from './rate-limits';

describe('RATE_LIMITS', () => {
  it('keeps the defaults when unset or empty', () => {
    expect(loadConfig({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(loadConfig({ RATE_LIMITS: ' ' }).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('overrides the named limits, with units, and the last entry wins', () => {
    const { rateLimits } = loadConfig({
      RATE_LIMITS:
        'register=5/1h, messages=240/300, messages-burst=20/10s, login-pair=3/1d/15m,register=1000/1h',
    });
    expect(rateLimits).toEqual({
      ...DEFAULT_RATE_LIMITS,
      register: { points: 1000, windowSeconds: 3600, blockSeconds: 0 },
      messages: { points: 240, windowSeconds: 300, blockSeconds: 0 },
      'messages-burst': { points: 20, windowSeconds: 10, blockSeconds: 0 },
      'login-pair': { points: 3, windowSeconds: 86_400, blockSeconds: 900 },
    });
  });

  it('lists every bad entry', () => {
    const load = () => loadConfig({ RATE_LIMITS: 'posts=lots/1h,likes=5/1m,comments=5,reports=5/8d' });
    expect(load).toThrow(/RATE_LIMITS: 'posts=lots\/1h' must be/);
    expect(load).toThrow(/RATE_LIMITS: unknown limit 'likes'/);
    expect(load).toThrow(/RATE_LIMITS: 'comments=5' must be/);
    expect(load).toThrow(/RATE_LIMITS: 'reports=5\/8d' must be .*at most 7d/);
  });
});
