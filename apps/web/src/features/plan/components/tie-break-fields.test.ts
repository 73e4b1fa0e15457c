// The plan form's 同分排序 and 同分加试: the plan's chain as the form holds it and back, and the links offered.
import { describe, expect, it } from 'vitest';
import { tieBreakFormOf, tieBreakInputOf, tieBreakOptions } from './TieBreakFields';

describe('同分排序 in the plan form', () => {
  it('a new plan: ties by the written score, no 加试', () => {
    expect(tieBreakFormOf(null)).toEqual({ tieBreakChain: ['written'], extraTestOnTie: false });
  });

  it('keeps the chain’s order both ways, score items by name', () => {
    const plan = { tieBreakChain: [{ link: 'scoreItem' as const, item: '专业测试' }, { link: 'education' as const }, { link: 'written' as const }], extraTestOnTie: true };
    const form = tieBreakFormOf(plan);
    expect(form).toEqual({ tieBreakChain: ['scoreItem:专业测试', 'education', 'written'], extraTestOnTie: true });
    expect(tieBreakInputOf(form)).toEqual(plan);
    expect(tieBreakInputOf({})).toEqual({ tieBreakChain: [], extraTestOnTie: false });
  });

  it('offers the fixed links, the plan’s interview score items, and a chosen item no longer set up', () => {
    expect(tieBreakOptions(['面试评分', '专业测试'], ['scoreItem:旧评分项']).map((o) => o.label)).toEqual([
      '笔试成绩',
      '面试成绩',
      '学历（高者在前）',
      '评分项“面试评分”',
      '评分项“专业测试”',
      '评分项“旧评分项”',
    ]);
  });
});
