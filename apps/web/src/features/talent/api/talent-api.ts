import {
  batchSaveClassify, blacklistList, companyBuyUserTalent, companyFreeBuyTalent, companyTalentList,
  deleteTalentClassify, getTalentClassify, getTalentInfo, platformTalentList, removeBlacklist, saveBlacklist,
  saveTalentClassify, saveTalentLabel, talentClassifyAll, talentClassifyTree, talentLabelList,
  unlockTalentByQuota,
} from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** The company's classification tree (分类配置, and the filter of 应聘人才库). */
export const useClassifyTree = () => useEndpointQuery(talentClassifyTree, {});
export const useTalentLabels = () => useEndpointQuery(talentLabelList, {});
/** One talent's classifications and labels; nothing is fetched without a talent. */
export const useTalentClassify = (id: number | undefined) => useEndpointQuery(getTalentClassify, id === undefined ? undefined : { id });
/** The resume (SPEC dialog 3), masked by the server until unlocked; nothing is fetched without a talent. */
export const useTalentInfo = (id: number | undefined) => useEndpointQuery(getTalentInfo, id === undefined ? undefined : { id }, { staleTime: 0 });

const CLASSIFY_READS = [talentClassifyTree, talentClassifyAll, companyTalentList, getTalentClassify];
/** What unlocking a talent changes: its resume and its rows in every list. */
const UNLOCK_READS = [getTalentInfo, companyTalentList, platformTalentList, blacklistList];

export const useSaveClassify = () => useEndpointMutation(saveTalentClassify, { invalidates: CLASSIFY_READS });
export const useDeleteClassify = () => useEndpointMutation(deleteTalentClassify, { invalidates: CLASSIFY_READS });
export const useBatchSaveClassify = () => useEndpointMutation(batchSaveClassify, { invalidates: CLASSIFY_READS });
export const useSaveTalentLabel = () =>
  useEndpointMutation(saveTalentLabel, { invalidates: [talentLabelList, companyTalentList, getTalentClassify] });

export const useSaveBlacklist = () =>
  useEndpointMutation(saveBlacklist, { invalidates: [blacklistList, companyTalentList, platformTalentList, getTalentInfo] });
export const useRemoveBlacklist = () =>
  useEndpointMutation(removeBlacklist, { invalidates: [blacklistList, companyTalentList, platformTalentList, getTalentInfo] });

export const useFreeUnlock = () => useEndpointMutation(companyFreeBuyTalent, { invalidates: UNLOCK_READS });
export const useQuotaUnlock = () => useEndpointMutation(unlockTalentByQuota, { invalidates: UNLOCK_READS });
/** The open order of type 9 for the talent (the same one while it is open). */
export const useBuyOrder = () => useEndpointMutation(companyBuyUserTalent);

export { UNLOCK_READS };
