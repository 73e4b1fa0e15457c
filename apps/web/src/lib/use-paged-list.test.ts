import { describe, expect, it } from 'vitest';
import { readFilter } from './use-paged-list';

describe('list filters in the address', () => {
  it('read each kind, and drop what the filter does not take', () => {
    expect(readFilter('text', '护士')).toBe('护士');
    expect(readFilter('text', '')).toBeUndefined();
    expect(readFilter('id', '12')).toBe(12);
    expect(readFilter('id', '0')).toBeUndefined();
    expect(readFilter('id', '12abc')).toBeUndefined();
    expect(readFilter('id', '99999999999')).toBeUndefined();
    expect(readFilter('boolean', 'false')).toBe(false);
    expect(readFilter('boolean', 'no')).toBeUndefined();
    expect(readFilter('date', '2026-03-01')).toBe('2026-03-01');
    expect(readFilter('date', '2026-3-1')).toBeUndefined();
    expect(readFilter(['draft', 'published'], 'published')).toBe('published');
    expect(readFilter(['draft', 'published'], 'gone')).toBeUndefined();
    expect(readFilter([10, 21], '21')).toBe(21);
    expect(readFilter('text', null)).toBeUndefined();
  });
});
