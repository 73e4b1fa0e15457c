import type { CandidateRow } from '@zhaokao/contracts';
import type { TableProps } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { StatusTag } from '../../../components/StatusTag';
import { formatTime } from '../../../lib/time';
import { useDictLabel } from '../../../lib/dict';

/** The applications of a paged list (see usePagedList's tableProps). */
export function CandidateTable(props: Pick<TableProps<CandidateRow>, 'rowKey' | 'loading' | 'dataSource' | 'pagination'> & { label: string }) {
  const sexLabel = useDictLabel('sex');
  return (
    <DataTable<CandidateRow>
      size="middle"
      {...props}
      scroll={{ x: 1280 }}
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
          render: (s: number) => <StatusTag status={s} />,
        },
        { title: '笔试成绩', dataIndex: 'writtenGrade', width: 90, align: 'right', render: (v: string | null) => v ?? '—' },
        { title: '面试成绩', dataIndex: 'auditionGrade', width: 90, align: 'right', render: (v: string | null) => v ?? '—' },
        { title: '报名时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatTime(v) },
      ]}
    />
  );
}
