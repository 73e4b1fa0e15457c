import { roleList } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const rolesKey = ['roles'];

export const useRoles = () => useQuery({ queryKey: rolesKey, queryFn: () => call(roleList, {}) });
