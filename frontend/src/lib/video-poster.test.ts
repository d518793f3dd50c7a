import { posterSize, posterTime } from './video-poster';

describe('video poster frame', () => {
  it('is taken half a second in, or a tenth of a shorter clip', () => {
    expect(posterTime(12)).toBe(0.5);
    expect(posterTime(2)).toBeCloseTo(0.2);
    expect(posterTime(0.3)).toBeCloseTo(0.03);
  });

  it('is taken from the start when the length is unknown', () => {
    expect(posterTime(Number.POSITIVE_INFINITY)).toBe(0);
    expect(posterTime(Number.NaN)).toBe(0);
    expect(posterTime(0)).toBe(0);
  });

  it('keeps the video’s size up to 1080 px wide, and its shape', () => {
    expect(posterSize(640, 360)).toEqual({ width: 640, height: 360 });
    expect(posterSize(1920, 1080)).toEqual({ width: 1080, height: 608 });
    expect(posterSize(2160, 3840)).toEqual({ width: 1080, height: 1920 });
  });
});
