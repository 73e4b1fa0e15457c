import { type InputOf, saveTalentTemplate } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { templateExpandKey } from './get-template-expand';
import { talentTemplatesKey } from './get-talent-templates';

export const useSaveTalentTemplate = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof saveTalentTemplate>) => call(saveTalentTemplate, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: talentTemplatesKey });
      await queryClient.invalidateQueries({ queryKey: templateExpandKey });
    },
  });
