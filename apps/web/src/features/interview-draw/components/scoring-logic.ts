import { SCORE_FORMAT_MESSAGE, compareScores, scoreOverFullMarksMessage, scoreText } from '@zhaokao/contracts';

/** What the examiner's tablet knows of one order number (myInterviewDrawGroup's candidates). */
export interface NumberToScore {
  orderNo: number;
  myScore: string | null;
  absent: boolean;
  locked: boolean;
}

/** How a number stands for this examiner: scored by me, 缺考, reviewed (fixed) without my score, or still to score. */
export type NumberState = 'scored' | 'absent' | 'locked' | 'todo';

export function numberState(c: NumberToScore): NumberState {
  if (c.absent) return 'absent';
  if (c.myScore !== null) return 'scored';
  return c.locked ? 'locked' : 'todo';
}

/** The words of a number's state, for its button's accessible name and the legend. */
export const NUMBER_STATE_WORDS: Record<NumberState, string> = { scored: '已评分', absent: '缺考', locked: '已审核', todo: '未评分' };

/**
 * The next number after `current` still to score (neither scored, absent nor locked), going round to the first ones;
 * `current` itself only when it is the only one left; undefined when none is left.
 */
export function nextUnscored(candidates: readonly NumberToScore[], current?: number): number | undefined {
  const ordered = [...candidates].sort((a, b) => a.orderNo - b.orderNo);
  const todo = ordered.filter((c) => numberState(c) === 'todo');
  if (todo.length === 0) return undefined;
  if (current === undefined) return todo[0]!.orderNo;
  return (todo.find((c) => c.orderNo > current) ?? todo[0]!).orderNo;
}

/** The number the tablet opens on: the first still to score, else the first number. */
export const firstNumber = (candidates: readonly NumberToScore[]) =>
  nextUnscored(candidates) ?? [...candidates].sort((a, b) => a.orderNo - b.orderNo)[0]?.orderNo;

/** The number before or after `current` in order (undefined past either end). */
export function neighbourNumber(candidates: readonly NumberToScore[], current: number, step: -1 | 1): number | undefined {
  const numbers = candidates.map((c) => c.orderNo).sort((a, b) => a - b);
  const at = numbers.indexOf(current);
  return at === -1 ? undefined : numbers[at + step];
}

/** Why a typed score cannot be sent, in the contracts' words (empty or not a number with ≤ 2 decimals; above full marks). */
export function scoreProblem(value: string | number | null | undefined, fullMarks: string): string | undefined {
  const text = value === null || value === undefined ? '' : String(value).trim();
  const parsed = scoreText.safeParse(text);
  if (!parsed.success) return SCORE_FORMAT_MESSAGE;
  if (compareScores(parsed.data, fullMarks) > 0) return scoreOverFullMarksMessage(fullMarks);
  return undefined;
}

/** How many numbers I have scored, how many are absent, of how many. */
export function scoringProgress(candidates: readonly NumberToScore[]) {
  const states = candidates.map(numberState);
  return { scored: states.filter((s) => s === 'scored').length, absent: states.filter((s) => s === 'absent').length, total: candidates.length };
}
