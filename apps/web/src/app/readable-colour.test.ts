import { describe, expect, it } from 'vitest';
import { TEXT_CONTRAST, contrastRatio, readableText } from './readable-colour';

describe('readableText', () => {
  it('keeps a colour that is already readable', () => {
    expect(readableText('#000000')).toBe('#000000');
    expect(readableText('#cf1322')).toBe('#cf1322');
  });

  it('darkens the default theme colour #409EFF until text in it reaches 4.5:1 on white', () => {
    const text = readableText('#409EFF');
    expect(contrastRatio('#409EFF', '#ffffff')).toBeLessThan(3);
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(text, '#ffffff')).toBeLessThan(5);
  });

  it('reads #rgb and ignores an alpha', () => {
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21);
    expect(readableText('#409eff80')).toBe(readableText('#409eff'));
  });
});
