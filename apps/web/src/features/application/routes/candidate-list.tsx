import { APPLICATION_STATUSES, type ApplicationStatus, companyCandidateList } from '@zhaokao/contracts';
import { Card, Empty, Select, Space } from 'antd';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { useDict } from '../../../lib/dict';
import { useApplicationPlanOptions, usePlanPosts } from '../../../lib/options';
import { usePagedList } from '../../../lib/use-paged-list';
import { CandidateTable } from '../components/CandidateTable';

/** 全部报名人员 (AllCandidatelist): every application of a plan or post, reached from 人数统计. */
export default function CandidateListPage() {
  const { data: plans, isLoading: plansLoading } = useApplicationPlanOptions();
  const { filters, setFilters, bind, tableProps } = usePagedList(companyCandidateList, {
    label: '报名人员列表',
    filters: { planId: 'id', recruitmentId: 'id', status: APPLICATION_STATUSES, keyword: 'text' },
    defaultPageSize: 20,
    // Without a plan in the address, the newest plan's applications; nothing until the plans are known.
    input: (chosen, page) => {
      const planId = chosen.planId ?? plans?.[0]?.id;
      return planId === undefined ? undefined : { ...chosen, planId, ...page };
    },
    showTotal: (n) => `共 ${n} 人`,
    showQuickJumper: true,
  });
  const planId = filters.planId ?? plans?.[0]?.id;
  const { data: posts } = usePlanPosts(planId);
  const { data: statuses } = useDict('candidate_app_status');
  const postChoices = (posts ?? []).map((p) => ({ label: `${p.jobVacancy}（${p.total}人）`, value: p.recruitmentId }));
  const statusChoices = (statuses ?? []).map((s) => ({ label: s.label, value: Number(s.value) as ApplicationStatus }));

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
          onChange={(v: number) => setFilters({ planId: v, recruitmentId: undefined })}
        />
        <SelectFilter label="报考岗位" placeholder="全部岗位" width={200} {...bind('recruitmentId')} options={postChoices} />
        <SelectFilter label="报名状态" placeholder="全部状态" width={190} {...bind('status')} options={statusChoices} />
        <SearchFilter label="搜索报名人员" placeholder="姓名、身份证号或手机号开头" width={260} maxLength={30} {...bind('keyword')} />
      </Space>
      {!plansLoading && plans?.length === 0 ? <Empty description="还没有招录计划" /> : <CandidateTable {...tableProps} />}
    </Card>
  );
}
