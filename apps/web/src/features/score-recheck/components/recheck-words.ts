import { RECHECK_REFUSAL_REQUIRED, RECHECK_SCORE_REQUIRED, type RecheckRankChange, answerScoreRecheck } from '@zhaokao/contracts';
import type { Rule } from 'antd/es/form';
import { rulesOf } from '../../../lib/form-rules';

export const correctedScoreRules: Rule[] = rulesOf(answerScoreRecheck, 'correctedScore', RECHECK_SCORE_REQUIRED);
export const refusalRules: Rule[] = [...rulesOf(answerScoreRecheck, 'answer', RECHECK_REFUSAL_REQUIRED), { whitespace: true, message: RECHECK_REFUSAL_REQUIRED }];
export const noteRules: Rule[] = rulesOf(answerScoreRecheck, 'answer');

export const STATE_COLOURS = { pending: 'processing', corrected: 'success', refused: 'default' } as const;

/** '第 3 名 → 第 2 名' ('未排名' for none). */
const placeText = (rank: number | null) => (rank === null ? '未排名' : `第 ${rank} 名`);
export const changeText = (c: RecheckRankChange) => `${c.realName}：${placeText(c.oldRank)} → ${placeText(c.newRank)}`;

/** The outcome a change would make by the published figures ('' when it stays). */
export const outcomeText = (c: RecheckRankChange, passWord: string) =>
  c.oldPassed === c.newPassed ? '' : c.newPassed ? `按发布的规则将${passWord}` : `按发布的规则将不再${passWord}`;
