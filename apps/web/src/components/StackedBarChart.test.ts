import { describe, expect, it } from 'vitest';
import { axisTicks } from './StackedBarChart';

describe('axisTicks', () => {
  it('counts in whole steps from 0 up to at least the largest bar', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(48)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(axisTicks(120)).toEqual([0, 50, 100, 150]);
  });
});
