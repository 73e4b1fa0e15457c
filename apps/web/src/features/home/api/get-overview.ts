import { homeOverview } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const useHomeOverview = () => useQuery({ queryKey: ['home-overview'], queryFn: () => call(homeOverview, {}) });
