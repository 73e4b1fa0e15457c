import { afterEach, describe, expect, it } from 'vitest';
import { formatTime, inCompanyZone } from './time';

const browserZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = browserZone;
});

describe('times in the company zone', () => {
  it('writes an instant in China time whatever the browser zone', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
      process.env.TZ = zone;
      expect(formatTime('2026-03-01T01:00:00.000Z')).toBe('2026-03-01 09:00');
      expect(formatTime('2026-03-01T16:30:00.000Z', 'YYYY-MM-DD')).toBe('2026-03-02');
    }
  });

  it('writes a dash when there is no time', () => {
    expect(formatTime(null)).toBe('—');
    expect(formatTime(undefined)).toBe('—');
  });

  it('reads now in the company zone', () => {
    process.env.TZ = 'America/New_York';
    expect(inCompanyZone('2026-12-31T20:00:00.000Z').format('YYYY-MM-DD HH:mm')).toBe('2027-01-01 04:00');
  });
});
