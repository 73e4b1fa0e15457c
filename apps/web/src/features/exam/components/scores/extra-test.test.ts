// 同分加试's words on the ranking and the dialog's values as the save takes them.
import { describe, expect, it } from 'vitest';
import { extraTestScoresOf } from './ExtraTestModal';
import { extraTestWord } from './ranking-columns';

describe('extraTestWord', () => {
  it('says 需加试 while still tied, the 加试 score once decided, nothing outside the group', () => {
    expect(extraTestWord({ extraTest: null })).toBeNull();
    expect(extraTestWord({ extraTest: { needed: true, score: null } })).toBe('需加试');
    expect(extraTestWord({ extraTest: { needed: true, score: '88.00' } })).toBe('需加试');
    expect(extraTestWord({ extraTest: { needed: false, score: '90.50' } })).toBe('加试 90.50');
  });
});

describe('extraTestScoresOf', () => {
  it('gives one score per member, in the group’s order, as text', () => {
    const members = [{ applicationId: 7 }, { applicationId: 3 }];
    expect(extraTestScoresOf(members, { scores: { '3': '88.5', '7': 90 } })).toEqual([
      { applicationId: 7, score: '90' },
      { applicationId: 3, score: '88.5' },
    ]);
    // a member left empty is sent empty: the server refuses the save with its message
    expect(extraTestScoresOf(members, { scores: { '7': '90' } })[1]).toEqual({ applicationId: 3, score: '' });
  });
});
