import { describe, expect, it } from 'vitest';
import { jpegSize } from './jpeg-size.js';
import { craftedJpeg, frameHeader } from '../../test/jpeg.js';

describe('jpegSize', () => {
  it('reads the frame header after other segments', () => {
    expect(jpegSize(craftedJpeg(295, 413))).toEqual({ width: 295, height: 413 });
    expect(jpegSize(craftedJpeg(4000, 3000, 150_000))).toEqual({ width: 4000, height: 3000 });
  });

  it('pads to the size asked for', () => {
    expect(craftedJpeg(295, 413, 20_000)).toHaveLength(20_000);
    expect(craftedJpeg(295, 413, 130_007)).toHaveLength(130_007);
  });

  it('reads a progressive frame (SOF2) and skips a Huffman table (C4) and fill bytes', () => {
    const huffman = Buffer.from([0xff, 0xc4, 0x00, 0x03, 0x00]);
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xff]), huffman.subarray(1), frameHeader(10, 20, 0xc2), Buffer.from([0xff, 0xd9])]);
    expect(jpegSize(bytes)).toEqual({ width: 10, height: 20 });
  });

  it('answers null for what is no JPEG or has no frame header', () => {
    expect(jpegSize(Buffer.from('%PDF-1.4'))).toBeNull();
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeNull();
    expect(jpegSize(craftedJpeg(295, 413).subarray(0, 30))).toBeNull();
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0x00, 0x00]))).toBeNull();
  });
});
