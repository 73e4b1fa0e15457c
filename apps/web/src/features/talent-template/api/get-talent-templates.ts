import { talentTemplateList } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const talentTemplatesKey = ['talent-templates'];

export const useTalentTemplates = () => useQuery({ queryKey: talentTemplatesKey, queryFn: () => call(talentTemplateList, {}) });
