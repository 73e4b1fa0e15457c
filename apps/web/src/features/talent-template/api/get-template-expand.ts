import { talentTemplateExpand } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const templateExpandKey = ['talent-template-expand'];

/** A template's setting for every catalogue field; nothing is fetched without a template. */
export const useTemplateExpand = (templateId: number | undefined) =>
  useQuery({
    queryKey: [...templateExpandKey, templateId],
    queryFn: () => call(talentTemplateExpand, { templateId: templateId! }),
    enabled: templateId !== undefined,
  });
