import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUS,
  APPLICATION_STATUSES,
  APPLICATION_TRANSITIONS,
  FINAL_APPLICATION_STATUSES,
  canMoveApplication,
} from './index.js';

const S = APPLICATION_STATUS;

describe('application statuses', () => {
  it('are the dictionary codes of DESIGN §5, in display order', () => {
    expect(APPLICATION_STATUSES).toEqual([10, 11, 12, 13, 20, 21, 22, 23, 24, 30, 31, 32, 33, 34]);
  });

  it('allow the moves of the table and nothing else', () => {
    expect(canMoveApplication(null, S.pending)).toBe(true);
    expect(canMoveApplication(S.pending, S.awaitingWritten)).toBe(true);
    expect(canMoveApplication(S.rejectedCorrectable, S.pending)).toBe(true);
    expect(canMoveApplication(S.writtenScoreInReview, S.awaitingWrittenScore)).toBe(true);
    expect(canMoveApplication(S.interviewScoreInReview, S.interviewPassed)).toBe(true);
    expect(canMoveApplication(null, S.awaitingWritten)).toBe(false);
    expect(canMoveApplication(S.pending, S.awaitingWrittenScore)).toBe(false);
    expect(canMoveApplication(S.awaitingWritten, S.writtenPassed)).toBe(false);
    expect(canMoveApplication(S.rejected, S.pending)).toBe(false);
  });

  it('never leave a final status, and every other status can move on', () => {
    for (const status of APPLICATION_STATUSES) {
      const leaves = APPLICATION_TRANSITIONS.some((t) => t.from === status);
      expect(leaves, String(status)).toBe(!FINAL_APPLICATION_STATUSES.includes(status));
    }
  });

  it('list each move once', () => {
    const keys = APPLICATION_TRANSITIONS.map((t) => `${t.from}→${t.to}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
