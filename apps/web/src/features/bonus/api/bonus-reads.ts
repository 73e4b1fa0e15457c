import { bonusGrantList, bonusSettingsDetail, getGradeList } from '@zhaokao/contracts';

/**
 * A grant, a revocation or new settings change the categories' counts, the list and the rankings (笔试成绩 = 卷面成绩 +
 * 加分: the written and composite rankings read it).
 */
export const BONUS_READS = [bonusSettingsDetail, bonusGrantList, getGradeList];
