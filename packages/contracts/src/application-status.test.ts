import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUS, APPLICATION_STATUSES, APPLICATION_TRANSITIONS, EXAM_STAGE_TABLE,
  FINAL_APPLICATION_STATUSES, GATE_STAGE_TABLE, REOPENING_MOVES, SWITCH_MOVE, INTERVIEW_STAGE,
  SIGN_UP_PASSED_STATUSES, STAGE_OPEN_STATUSES, STAGE_STATUSES, WORKFLOW_STAGES, WRITTEN_STAGE,
  canMoveApplication, statusesAfter, statusesFromStage, examStageEnteredBy, isSignUpMove,
} from './index.js';

const S = APPLICATION_STATUS;

describe('application statuses', () => {
  it('are the dictionary codes of DESIGN §5, in display order', () => {
    expect(APPLICATION_STATUSES).toEqual([10, 11, 12, 13, 20, 21, 22, 23, 24, 25, 26, 27, 28, 30, 31, 32, 33, 34, 35, 36, 37, 38, 40, 41, 42, 43, 45, 46, 47, 48]);
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
    expect(canMoveApplication(S.rejected, S.pending)).toBe(true); // 改报
    expect(canMoveApplication(S.rejected, S.awaitingWritten)).toBe(false);
  });

  it('never leave a final status but by a reopening move (改报, a gate, 递补), and every other status can move on', () => {
    expect(REOPENING_MOVES).toContain(SWITCH_MOVE);
    for (const status of APPLICATION_STATUSES) {
      const leaves = APPLICATION_TRANSITIONS.some((t) => t.from === status && !REOPENING_MOVES.includes(t));
      expect(leaves, String(status)).toBe(!FINAL_APPLICATION_STATUSES.includes(status));
    }
  });

  it('list each move once', () => {
    const keys = APPLICATION_TRANSITIONS.map((t) => `${t.from}→${t.to}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the stages a move belongs to', () => {
  it('puts applying, the review and resubmitting in the sign-up stage, and nothing after it', () => {
    const signUp = APPLICATION_TRANSITIONS.filter((t) => isSignUpMove(t.from, t.to)).map((t) => `${t.from}→${t.to}`);
    expect(signUp).toEqual(
      APPLICATION_TRANSITIONS.filter((t) => t.by === 'candidate' || t.by === 'reviewer').map((t) => `${t.from}→${t.to}`),
    );
  });

  it('names the exam stage a move enters only for its open statuses', () => {
    expect(APPLICATION_STATUSES.map((s) => [s, examStageEnteredBy(s) ?? null])).toEqual([
      [10, null], [11, null], [12, null], [13, null],
      [20, 2], [21, 2], [22, 2], [23, null], [24, null],
      [25, null], [26, null], [27, null], [28, null],
      [30, 3], [31, 3], [32, 3], [33, null], [34, null],
      [35, null], [36, null], [37, null], [38, null], [40, null], [41, null], [42, null], [43, null],
      [45, null], [46, null], [47, null], [48, null],
    ]);
    expect(examStageEnteredBy(S.interviewPassed)).toBeUndefined();
  });
});

const gatesAfter = (stage: number) => GATE_STAGE_TABLE.filter((g) => g.after === stage).flatMap((g) => Object.values(g.statuses));

describe('the lists derived from the table of stages', () => {
  it('group the statuses by stage as DESIGN §5 does', () => {
    expect(STAGE_STATUSES).toEqual({
      1: [10, 11, 12, 13],
      2: [20, 21, 22, 23, 24],
      3: [30, 31, 32, 33, 34],
      4: [25, 26, 27, 28],
      5: [35, 36, 37, 38],
      6: [40, 41, 42, 43],
      7: [45, 46, 47, 48],
    });
    expect(STAGE_OPEN_STATUSES).toEqual({ 1: [10, 11], 2: [20, 21, 22], 3: [30, 31, 32], 4: [25], 5: [35], 6: [40], 7: [45] });
    expect(SIGN_UP_PASSED_STATUSES).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 30, 31, 32, 33, 34, 35, 36, 37, 38, 40, 41, 42, 43, 45, 46, 47, 48]);
    expect(statusesFromStage(3)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 40, 41, 42, 43, 45, 46, 47, 48]);
    expect(FINAL_APPLICATION_STATUSES).toEqual([13, 23, 33, 34, 27, 28, 36, 37, 38, 41, 42, 43, 46, 47, 48]);
    expect(WORKFLOW_STAGES).toEqual({ 1: '报名资格审核', 2: '笔试', 3: '面试', 4: '资格复审', 5: '体检', 6: '考察', 7: '公示' });
    expect([WRITTEN_STAGE, INTERVIEW_STAGE]).toEqual([2, 3]);
  });

  it('say which statuses have reached a stage or come after a status by the table, not by the codes', () => {
    expect(statusesFromStage(2)).toEqual(SIGN_UP_PASSED_STATUSES);
    expect(statusesAfter(S.awaitingWritten)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 30, 31, 32, 33, 34, ...gatesAfter(3)]);
    expect(statusesAfter(S.writtenScoreInReview)).toEqual([23, 24, 25, 26, 27, 28, 30, 31, 32, 33, 34, ...gatesAfter(3)]);
    expect(statusesAfter(S.interviewScoreInReview)).toEqual([33, 34, 35, 36, 37, 38, 40, 41, 42, 43, 45, 46, 47, 48]);
    expect(statusesAfter(S.interviewPassed)).toEqual(gatesAfter(3));
    for (const [i, row] of EXAM_STAGE_TABLE.entries()) {
      const later = [...gatesAfter(row.stage), ...EXAM_STAGE_TABLE.slice(i + 1).flatMap((next) => [...Object.values(next.statuses), ...gatesAfter(next.stage)])];
      expect(statusesFromStage(row.stage)).toEqual([...Object.values(row.statuses), ...later]);
      expect(statusesAfter(row.statuses.inReview)).toEqual([row.statuses.failed, row.statuses.passed, ...later]);
    }
  });

  it('lead each exam stage into the next: passing one enters the next awaiting its ticket', () => {
    for (const [i, stage] of EXAM_STAGE_TABLE.entries()) {
      const next = EXAM_STAGE_TABLE[i + 1];
      if (next) expect(canMoveApplication(stage.statuses.passed, next.statuses.awaitingTicket)).toBe(true);
      expect(canMoveApplication(stage.statuses.awaitingTicket, stage.statuses.awaitingScore)).toBe(true);
      expect(canMoveApplication(stage.statuses.inReview, stage.statuses.failed)).toBe(true);
    }
  });
});
