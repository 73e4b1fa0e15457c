import { helpDetail } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const useHelpDetail = (id: number | null) =>
  useQuery({ queryKey: ['help-detail', id], queryFn: () => call(helpDetail, { id: id! }), enabled: id !== null });
