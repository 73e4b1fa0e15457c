import { bonusCategoryInput, grantBonus, revokeBonus, saveBonusSettings } from '@zhaokao/contracts';
import type { Rule } from 'antd/es/form';
import { fieldRules, rulesOf } from '../../../lib/form-rules';

/** Required text rules that refuse blanks too, with the contract's message for an empty field. */
const textRules = (rules: Rule[]): Rule[] => {
  const required = rules.find((r): r is Rule & { message: string } => typeof r === 'object' && 'required' in r && r.required === true);
  return [...rules, { whitespace: true, message: required?.message }];
};

/** 证明材料核验情况: required, at most BONUS_PROOF_MAX characters (the contract's words). */
export const proofRules: Rule[] = textRules(rulesOf(grantBonus, 'proofNote', true));

/** 撤销原因: required, at most BONUS_PROOF_MAX characters. */
export const revokeReasonRules: Rule[] = textRules(rulesOf(revokeBonus, 'reason', true));

export const capRules: Rule[] = rulesOf(saveBonusSettings, 'cap', true);
export const categoryNameRules: Rule[] = textRules(fieldRules(bonusCategoryInput.shape.name, true));
export const categoryPointsRules: Rule[] = fieldRules(bonusCategoryInput.shape.points, true);

/** The settings form's whole input schema (cap, stacking, categories, and the checks across them). */
export const settingsSchema = saveBonusSettings.input;

export const STACKING_OPTIONS = [
  { value: false, label: '不累加（取一项）' },
  { value: true, label: '可累加（不超过上限）' },
];

/** 在用 / 已撤销, as the list's filter and its 状态 column say them. */
export const STATE_WORDS = { active: '在用', revoked: '已撤销' } as const;
