import { GATE_STAGE_TABLE, type HireRow, INTERVIEW_STAGE, PROPOSED_FOR_HIRING_STATUS, exportHireList, gateStatuses, hireList } from '@zhaokao/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../../components/DataTable';
import { SearchFilter } from '../../../../components/ListFilters';
import { NoPlans, PlanPostFilters, usePlanPagedList } from '../../../../components/PlanSelect';
import { useDictLabel } from '../../../../lib/dict';
import { downloadFile, exportUrl } from '../../../../lib/download';
import { planHas } from '../../../../lib/plan-choice';

const orDash = (v: string | null) => v ?? '—';

/** Whom the 拟录用 list holds (as the server lists them): 拟录用, and those gone on to the gates after the interview. */
const HIRE_LIST_STATUSES = [PROPOSED_FOR_HIRING_STATUS, ...GATE_STAGE_TABLE.filter((g) => g.after === INTERVIEW_STAGE).flatMap(gateStatuses)];

/** 审核通过: the plan's 拟录用 list (面试通过), by post, exported to Excel. */
export function HireListPage() {
  const list = usePlanPagedList(hireList, {
    label: '拟录用人员列表',
    filters: { planId: 'id', recruitmentId: 'id', keyword: 'text' },
    hasData: planHas.statuses(HIRE_LIST_STATUSES),
    input: (chosen, page) => ({ ...chosen, ...page }),
  });
  const { filters, bind, tableProps, planId } = list;
  const sexLabel = useDictLabel('sex');
  const [exporting, setExporting] = useState(false);

  const exportExcel = async () => {
    if (planId === undefined) return;
    setExporting(true);
    await downloadFile(exportUrl(exportHireList, { planId, recruitmentId: filters.recruitmentId }, tableProps.pagination.total), '拟录用人员名单.xlsx');
    setExporting(false);
  };

  if (list.noPlans) return <NoPlans title="审核通过" />;

  return (
    <Card
      title="审核通过"
      extra={
        <Button icon={<DownloadOutlined aria-hidden />} disabled={planId === undefined} loading={exporting} onClick={exportExcel}>
          导出 Excel
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanPostFilters list={list} />
        <SearchFilter label="搜索拟录用人员" placeholder="姓名、身份证号码或手机号码" width={260} maxLength={30} {...bind('keyword')} />
      </Space>
      <Typography.Paragraph type="secondary">面试成绩发布后，综合排名在招录人数以内的考生为拟录用人员。</Typography.Paragraph>
      <DataTable<HireRow>
        {...tableProps}
        rowKey="applicationId"
        size="middle"
        scroll={{ x: 1040 }}
        columns={[
          { title: '姓名', dataIndex: 'realName', width: 100, fixed: 'left' },
          { title: '报考岗位', dataIndex: 'jobVacancy', ellipsis: true },
          { title: '性别', dataIndex: 'sex', width: 56, render: (v: string) => sexLabel(v) },
          { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
          { title: '手机号码', dataIndex: 'phone', width: 120 },
          { title: '笔试成绩', dataIndex: 'writtenScore', width: 90, render: orDash },
          { title: '面试成绩', dataIndex: 'interviewScore', width: 90, render: orDash },
          { title: '综合成绩', dataIndex: 'compositeScore', width: 90, render: orDash },
          { title: '综合排名', dataIndex: 'compositeRank', width: 90, render: (v: number | null) => v ?? '—' },
        ]}
      />
    </Card>
  );
}
