import { DEFAULT_PHOTO_RULE } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { clampPlacement, coverScale, encodeWithinRule, initialPlacement, moveBy, zoomTo } from './photo-fit';

const frame = { width: 295, height: 413 };
const wide = { width: 1200, height: 800 };
const tall = { width: 600, height: 1600 };

describe('the photo frame', () => {
  it('covers the frame, centred, at zoom 1', () => {
    expect(coverScale(wide, frame)).toBeCloseTo(413 / 800);
    const p = initialPlacement(wide, frame);
    expect(p.y).toBeCloseTo(0);
    expect(p.x).toBeCloseTo((295 - 1200 * p.scale) / 2);
    const t = initialPlacement(tall, frame);
    expect(t.scale).toBeCloseTo(295 / 600);
    expect(t.x).toBeCloseTo(0);
  });

  it('never leaves an empty band when dragged', () => {
    const p = initialPlacement(wide, frame);
    expect(moveBy(wide, frame, p, 10_000, 10_000)).toMatchObject({ x: 0, y: 0 });
    const right = moveBy(wide, frame, p, -10_000, -50);
    expect(right.x).toBeCloseTo(295 - 1200 * p.scale);
    expect(right.y).toBeCloseTo(0);
    expect(clampPlacement(wide, frame, { x: 0, y: 0, scale: 0.01 }).scale).toBeCloseTo(coverScale(wide, frame));
  });

  it('zooms about the frame centre, between 1 and 4 times', () => {
    const p = initialPlacement(wide, frame);
    const centre = (q: typeof p) => [(295 / 2 - q.x) / q.scale, (413 / 2 - q.y) / q.scale];
    const z2 = zoomTo(wide, frame, p, 2);
    expect(z2.scale).toBeCloseTo(p.scale * 2);
    expect(centre(z2)[0]).toBeCloseTo(centre(p)[0]!);
    expect(centre(z2)[1]).toBeCloseTo(centre(p)[1]!);
    expect(zoomTo(wide, frame, p, 9).scale).toBeCloseTo(p.scale * 4);
    expect(zoomTo(wide, frame, z2, 0.5).scale).toBeCloseTo(p.scale);
  });
});

/** A stand-in for canvas.toBlob: the file size at each quality, and the qualities tried. */
const encoder = (bytesAt: (q: number) => number) => {
  const tried: number[] = [];
  return { tried, encode: async (q: number) => (tried.push(q), { size: bytesAt(q) }) };
};

describe('fitting the file within the photo rule', () => {
  it('keeps the best quality within the size', async () => {
    const { tried, encode } = encoder((q) => q * 300 * 1024);
    const fit = await encodeWithinRule(encode, DEFAULT_PHOTO_RULE);
    expect(fit).toMatchObject({ quality: 0.62 });
    expect(tried).toEqual([0.92, 0.85, 0.78, 0.7, 0.62]);
  });

  it('takes the first quality when it already fits', async () => {
    const fit = await encodeWithinRule(encoder(() => 50 * 1024).encode, DEFAULT_PHOTO_RULE);
    expect(fit).toMatchObject({ quality: 0.92 });
  });

  it('raises the quality of a plain picture that comes out too small, and says when nothing fits', async () => {
    expect(await encodeWithinRule(encoder((q) => (q >= 0.96 ? 12 * 1024 : 8 * 1024)).encode, DEFAULT_PHOTO_RULE)).toMatchObject({ quality: 0.96 });
    expect(await encodeWithinRule(encoder(() => 2 * 1024).encode, DEFAULT_PHOTO_RULE)).toEqual({
      problem: '照片文件小于 10 KB，请换一张更清晰的照片',
    });
    expect(await encodeWithinRule(encoder(() => 900 * 1024).encode, DEFAULT_PHOTO_RULE)).toEqual({
      problem: '照片压缩后仍大于 200 KB，请换一张照片',
    });
    expect(await encodeWithinRule(async () => null, DEFAULT_PHOTO_RULE)).toHaveProperty('problem');
  });
});
