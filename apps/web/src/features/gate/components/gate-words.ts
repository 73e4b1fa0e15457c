import {
  GATE_REASON_REQUIRED, GATE_RESULTS, type GateApplicationRow, type GateResult, type GateStageRow,
  PUBLICITY_RESULTS, decideGate,
} from '@zhaokao/contracts';
import type { Rule } from 'antd/es/form';
import { rulesOf } from '../../../lib/form-rules';

/** The words of a gate's results: 公示 says 公示中 / 聘用 / 异议成立 / 放弃, the other gates 待定 / 合格 / 不合格 / 放弃. */
export const resultWordsOf = (gate: GateStageRow): Record<GateResult, string> =>
  gate.gate === 'publicity' ? PUBLICITY_RESULTS : GATE_RESULTS;

export const RESULT_COLOURS: Record<GateResult, string> = { pending: 'processing', passed: 'success', failed: 'error', withdrew: 'default' };

/** The score the gate's ranking follows: the written score for 资格复审, the composite after the interview. */
export const scoreTitleOf = (gate: GateStageRow) => (gate.ranking === 'written' ? '笔试成绩' : '综合成绩');

/** The pass button: 公示's pass is 聘用. */
export const passLabelOf = (gate: GateStageRow) => (gate.gate === 'publicity' ? '确认聘用' : '合格');

/** The batch buttons act only on a selection of candidates who are all still 待定 (the server refuses the rest). */
export const canDecide = (rows: readonly Pick<GateApplicationRow, 'result'>[]) => rows.length > 0 && rows.every((r) => r.result === 'pending');

/**
 * With work items (招录工作安排), 通过 / 不通过 act only on a selection of candidates whose current item is the
 * caller's to decide (the list's myTaskId); 放弃 stays `canDecide`.
 */
export const canDecideTasks = (rows: readonly Pick<GateApplicationRow, 'result' | 'myTaskId'>[]) =>
  canDecide(rows) && rows.every((r) => r.myTaskId !== null);

/** 不合格 and 放弃 need a reason, at most GATE_REASON_MAX characters: the contract's words. */
export const reasonRules: Rule[] = [...rulesOf(decideGate, 'reason', GATE_REASON_REQUIRED), { whitespace: true, message: GATE_REASON_REQUIRED }];

/** What the plan-not-running-this-gate message says. */
export const notChosenText = (gate: GateStageRow) => `该计划未设置${gate.name}环节，可在编辑招录计划的“录用环节”中设置`;
