import { describe, expect, it } from 'vitest';
import { statusColour } from './status-colour';

describe('statusColour', () => {
  it('colours the sign-up review orange, each exam stage its own colour, failures red and passes green', () => {
    expect([10, 11, 12, 13].map(statusColour)).toEqual(['orange', 'orange', 'red', 'red']);
    expect([20, 22, 23, 24].map(statusColour)).toEqual(['blue', 'blue', 'red', 'green']);
    expect([30, 33, 34].map(statusColour)).toEqual(['purple', 'red', 'green']);
  });

  it('colours a gate by its result: pending in progress, passed (聘用 too) green, failed and withdrew red', () => {
    for (const statuses of [
      [25, 26, 27, 28],
      [35, 36, 37, 38],
      [40, 41, 42, 43],
      [45, 46, 47, 48],
    ]) {
      expect(statuses.map(statusColour)).toEqual(['processing', 'green', 'red', 'red']);
    }
  });
});
