import { bonusSettingsDetail } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/**
 * The plan's 加分 settings and categories. A refusal (a plan without a written exam) is shown in the page's place,
 * not as a toast.
 */
export const useBonusSettings = (planId: number | undefined) =>
  useEndpointQuery(bonusSettingsDetail, planId === undefined ? undefined : { planId }, { silent: true, retry: false });
