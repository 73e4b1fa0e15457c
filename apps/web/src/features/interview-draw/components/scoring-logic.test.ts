import { SCORE_FORMAT_MESSAGE, scoreOverFullMarksMessage } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { type NumberToScore, firstNumber, neighbourNumber, nextUnscored, numberState, scoreProblem, scoringProgress } from './scoring-logic';

const n = (orderNo: number, more: Partial<NumberToScore> = {}): NumberToScore => ({ orderNo, myScore: null, absent: false, locked: false, ...more });

describe('the tablet’s numbers', () => {
  it('tells each number’s state', () => {
    expect(numberState(n(1))).toBe('todo');
    expect(numberState(n(1, { myScore: '80.00' }))).toBe('scored');
    expect(numberState(n(1, { myScore: '80.00', locked: true }))).toBe('scored');
    expect(numberState(n(1, { absent: true }))).toBe('absent');
    expect(numberState(n(1, { locked: true }))).toBe('locked');
  });

  it('goes to the next number still to score, round to the first ones', () => {
    const list = [n(1, { myScore: '80.00' }), n(2), n(3, { absent: true }), n(4), n(5, { locked: true })];
    expect(nextUnscored(list)).toBe(2);
    expect(nextUnscored(list, 2)).toBe(4);
    expect(nextUnscored(list, 4)).toBe(2);
    expect(nextUnscored(list, 5)).toBe(2);
  });

  it('stays on the only number left and says when none is', () => {
    expect(nextUnscored([n(1, { myScore: '1.00' }), n(2)], 2)).toBe(2);
    expect(nextUnscored([n(1, { myScore: '1.00' }), n(2, { absent: true })], 1)).toBeUndefined();
    expect(nextUnscored([])).toBeUndefined();
  });

  it('reads the numbers in order whatever order they came in', () => {
    const list = [n(3), n(1, { myScore: '90.00' }), n(2)];
    expect(nextUnscored(list)).toBe(2);
    expect(firstNumber(list)).toBe(2);
    expect(firstNumber([n(2, { myScore: '1.00' }), n(1, { myScore: '1.00' })])).toBe(1);
    expect(firstNumber([])).toBeUndefined();
    expect(neighbourNumber(list, 2, -1)).toBe(1);
    expect(neighbourNumber(list, 2, 1)).toBe(3);
    expect(neighbourNumber(list, 3, 1)).toBeUndefined();
    expect(neighbourNumber(list, 1, -1)).toBeUndefined();
  });

  it('counts the numbers scored and absent', () => {
    expect(scoringProgress([n(1, { myScore: '1.00' }), n(2, { absent: true }), n(3), n(4, { locked: true })])).toEqual({ scored: 1, absent: 1, total: 4 });
  });
});

describe('a typed score', () => {
  it('is refused in the contracts’ words', () => {
    expect(scoreProblem(undefined, '100.00')).toBe(SCORE_FORMAT_MESSAGE);
    expect(scoreProblem('  ', '100.00')).toBe(SCORE_FORMAT_MESSAGE);
    expect(scoreProblem('-1', '100.00')).toBe(SCORE_FORMAT_MESSAGE);
    expect(scoreProblem('85.125', '100.00')).toBe(SCORE_FORMAT_MESSAGE);
    expect(scoreProblem('100.01', '100.00')).toBe(scoreOverFullMarksMessage('100.00'));
  });

  it('is taken up to full marks with two decimals', () => {
    expect(scoreProblem('100', '100.00')).toBeUndefined();
    expect(scoreProblem(85.5, '100.00')).toBeUndefined();
    expect(scoreProblem('0', '100.00')).toBeUndefined();
    expect(scoreProblem('79.25', '80.00')).toBeUndefined();
  });
});
