import { type InputOf, auditLogList, staffList } from '@zhaokao/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/query';

/** One page of the company's 操作日志, the page shown kept while the next loads, asked again whenever the page opens. */
export const useAuditLogList = (input: InputOf<typeof auditLogList>) =>
  useEndpointQuery(auditLogList, input, { placeholderData: keepPreviousData, refetchOnMount: 'always' });

/** The company's staff, for the 操作人 filter (the first 200: a unit's staff are fewer). */
export const useAuditStaffOptions = () =>
  useEndpointQuery(staffList, { pageSize: 200 }, { select: (page) => page.list.map((s) => ({ value: s.id, label: `${s.loginAccount}（${s.name}）` })) });
