import { type CandidateRow, companyCandidateList } from '@zhaokao/contracts';
import { Form, Select } from 'antd';
import { useEndpointQuery } from '../lib/query';
import { useSearchKeyword } from '../lib/use-search-keyword';

interface Props {
  planId: number;
  /** The message when no candidate is chosen. */
  requiredMessage: string;
  /** Why a found candidate cannot be chosen, shown after it; undefined when it can. */
  whyNot?(candidate: CandidateRow): string | undefined;
}

/**
 * 考生 (the form's `applicationId`): one of the plan's applications, found by the beginning of a name or identity
 * number (the first 20); nothing is asked before something is typed.
 */
export function CandidateSearchField({ planId, requiredMessage, whyNot = () => undefined }: Props) {
  const { keyword, onSearch } = useSearchKeyword();
  const found = useEndpointQuery(companyCandidateList, keyword === '' ? undefined : { planId, keyword, pageNum: 1, pageSize: 20 }, { staleTime: 30_000 });
  const optionOf = (candidate: CandidateRow) => {
    const reason = whyNot(candidate);
    const label = `${candidate.realName}（${candidate.identityNo}）${candidate.jobVacancy}`;
    return { value: candidate.id, disabled: reason !== undefined, label: reason === undefined ? label : `${label} · ${reason}` };
  };
  return (
    <Form.Item name="applicationId" label="考生" rules={[{ required: true, message: requiredMessage }]}>
      <Select<number>
        aria-label="考生"
        placeholder="输入姓名或身份证号码查找"
        showSearch={{ filterOption: false, onSearch }}
        loading={found.isFetching}
        notFoundContent={keyword === '' ? '请输入姓名或身份证号码' : found.isFetching ? '查找中…' : '未找到该考生'}
        options={(found.data?.list ?? []).map(optionOf)}
      />
    </Form.Item>
  );
}
