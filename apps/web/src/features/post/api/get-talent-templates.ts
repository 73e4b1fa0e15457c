import { talentTemplateList } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The company's resume templates to choose from; the form still works without them. */
export const useTalentTemplates = () =>
  useQuery({ queryKey: ['talent-template-options'], queryFn: () => call(talentTemplateList, {}, { silent: true }) });
