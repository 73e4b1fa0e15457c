import type { CandidateRow } from '@zhaokao/contracts';
import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useDictLabel } from '../../../lib/dict';

/** Tag colours by stage: sign-up review, written, interview; failures red, the end green. */
function statusColour(status: number): string {
  if ([12, 13, 23, 33].includes(status)) return 'red';
  if (status === 34 || status === 24) return 'green';
  if (status >= 30) return 'purple';
  if (status >= 20) return 'blue';
  return 'orange';
}

export function CandidateTable({
  rows,
  total,
  loading,
  page,
  onPage,
}: {
  rows: CandidateRow[] | undefined;
  total: number;
  loading: boolean;
  page: { pageNum: number; pageSize: number };
  onPage: (pageNum: number, pageSize: number) => void;
}) {
  const statusLabel = useDictLabel('candidate_app_status');
  const sexLabel = useDictLabel('sex');
  return (
    <Table<CandidateRow>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 1280 }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total,
        showSizeChanger: true,
        showQuickJumper: true,
        showTotal: (n) => `共 ${n} 人`,
        onChange: onPage,
      }}
      columns={[
        { title: '姓名', dataIndex: 'realName', width: 100, fixed: 'left' },
        { title: '性别', dataIndex: 'sex', width: 60, render: (v: string) => sexLabel(v) },
        { title: '身份证号码', dataIndex: 'identityNo', width: 190 },
        { title: '手机号码', dataIndex: 'phone', width: 130 },
        { title: '报考岗位', dataIndex: 'jobVacancy', width: 150, ellipsis: true },
        { title: '学历', dataIndex: 'education', width: 100, render: (v: string) => v || '—' },
        { title: '毕业院校', dataIndex: 'graduateSchool', ellipsis: true, render: (v: string) => v || '—' },
        {
          title: '状态',
          dataIndex: 'status',
          width: 170,
          render: (s: number) => <Tag color={statusColour(s)}>{statusLabel(s)}</Tag>,
        },
        { title: '笔试成绩', dataIndex: 'writtenGrade', width: 90, align: 'right', render: (v: string | null) => v ?? '—' },
        { title: '面试成绩', dataIndex: 'auditionGrade', width: 90, align: 'right', render: (v: string | null) => v ?? '—' },
        { title: '报名时间', dataIndex: 'createdAt', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
      ]}
    />
  );
}
