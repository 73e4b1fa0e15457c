import { deleteTalentTemplate } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { talentTemplatesKey } from './get-talent-templates';

export const useDeleteTalentTemplate = () =>
  useMutation({
    mutationFn: (id: number) => call(deleteTalentTemplate, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentTemplatesKey }),
  });
