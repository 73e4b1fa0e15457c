import { deleteTalentTemplate, saveTalentTemplate, talentFieldList, talentTemplateExpand, talentTemplateList } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** The platform's resume field catalogue; it changes only with a new release. */
export const useTalentFields = () => useEndpointQuery(talentFieldList, {}, { staleTime: 10 * 60_000 });

/** A template's setting for every catalogue field; nothing is fetched without a template. */
export const useTemplateExpand = (templateId: number | undefined) =>
  useEndpointQuery(talentTemplateExpand, templateId === undefined ? undefined : { templateId });

const TEMPLATE_READS = [talentTemplateList, talentTemplateExpand];

export const useSaveTalentTemplate = () => useEndpointMutation(saveTalentTemplate, { invalidates: TEMPLATE_READS });
export const useDeleteTalentTemplate = () => useEndpointMutation(deleteTalentTemplate, { invalidates: TEMPLATE_READS });
