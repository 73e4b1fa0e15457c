import { describe, expect, it } from 'vitest';
import { centsToYuan, formatYuan, yuanToCents } from './money.js';

describe('money', () => {
  it('turns cents into yuan strings with two decimals', () => {
    expect(centsToYuan(0)).toBe('0.00');
    expect(centsToYuan(5)).toBe('0.05');
    expect(centsToYuan(1_286_050)).toBe('12860.50');
    expect(centsToYuan(-199)).toBe('-1.99');
    expect(() => centsToYuan(1.5)).toThrow();
  });

  it('reads yuan strings exactly, without floating point', () => {
    expect(yuanToCents('0.1')).toBe(10);
    expect(yuanToCents('19.99')).toBe(1999);
    expect(yuanToCents('12')).toBe(1200);
    expect(yuanToCents('1.005')).toBeNull();
    expect(yuanToCents('abc')).toBeNull();
  });

  it('formats with thousands separators', () => {
    expect(formatYuan(1_286_050)).toBe('¥12,860.50');
    expect(formatYuan(99)).toBe('¥0.99');
  });
});
