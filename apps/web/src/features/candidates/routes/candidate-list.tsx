import { APPLICATION_STATUSES } from '@zhaokao/contracts';
import { Card, Empty, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDict } from '../../../lib/dict';
import { useCandidateList } from '../api/get-candidate-list';
import { usePlanOptions, usePlanPosts } from '../api/get-plan-posts';
import { CandidateTable } from '../components/CandidateTable';

const numberParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** 全部报名人员 (AllCandidatelist): every application of a plan or post, reached from 人数统计. */
export default function CandidateListPage() {
  const [params, setParams] = useSearchParams();
  const planParam = numberParam(params.get('planId'));
  const recruitmentId = numberParam(params.get('recruitmentId'));
  const statusParam = numberParam(params.get('status'));
  const status = (APPLICATION_STATUSES as readonly number[]).includes(statusParam ?? 0) ? statusParam : undefined;
  const { data: plans, isLoading: plansLoading } = usePlanOptions();
  const planId = planParam ?? plans?.[0]?.id;
  const { data: posts } = usePlanPosts(planId);
  const { data: statuses } = useDict('candidate_app_status');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const { data, isFetching } = useCandidateList(
    planId === undefined ? undefined : { planId, recruitmentId, status, keyword, ...page },
  );

  const setParam = (patch: Record<string, number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace: true });
    // a new filter starts on page 1
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  return (
    <Card title="全部报名人员" className="page-card">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          placeholder="招录计划"
          aria-label="招录计划"
          style={{ width: 320 }}
          loading={plansLoading}
          value={planId}
          options={(plans ?? []).map((p) => ({ label: p.name, value: p.id }))}
          onChange={(v: number) => setParam({ planId: v, recruitmentId: undefined })}
        />
        <Select
          allowClear
          placeholder="全部岗位"
          aria-label="报考岗位"
          style={{ width: 200 }}
          value={recruitmentId}
          options={(posts ?? []).map((p) => ({ label: `${p.jobVacancy}（${p.total}人）`, value: p.recruitmentId }))}
          onChange={(v?: number) => setParam({ recruitmentId: v })}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="报名状态"
          style={{ width: 190 }}
          value={status}
          options={(statuses ?? []).map((s) => ({ label: s.label, value: Number(s.value) }))}
          onChange={(v?: number) => setParam({ status: v })}
        />
        <Input.Search
          allowClear
          placeholder="姓名、身份证号或手机号开头"
          aria-label="搜索报名人员"
          maxLength={30}
          style={{ width: 260 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </Space>
      {!plansLoading && plans?.length === 0 ? (
        <Empty description="还没有招录计划" />
      ) : (
        <CandidateTable
          rows={data?.list}
          total={data?.total ?? 0}
          loading={isFetching}
          page={page}
          onPage={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        />
      )}
    </Card>
  );
}
