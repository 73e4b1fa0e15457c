import { type GateStageRow, type GateVacancyRow } from '@zhaokao/contracts';
import { Card, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { lazyModal } from '../../../components/lazy-modal';
import { actionsColumn, widthOf } from '../../../lib/columns';
import { formatTime } from '../../../lib/time';
import { useGateVacancies } from '../api/get-gate-vacancies';
import { resultWordsOf } from './gate-words';

const SubstituteModal = lazyModal(() => import('./SubstituteModal').then((m) => m.SubstituteModal));

/** 递补: the gate's vacancies (who left a post and why) and who filled each; 递补 on an open one (plan managers). */
export function VacancyPanel({ gate, planId, canSubstitute }: { gate: GateStageRow; planId: number; canSubstitute: boolean }) {
  const vacancies = useGateVacancies(gate, planId);
  const [filling, setFilling] = useState<GateVacancyRow>();
  const words = resultWordsOf(gate);

  const columns = [
    { title: '岗位', dataIndex: 'jobVacancy', width: 160, ellipsis: true },
    { title: '空出人员', dataIndex: 'leftName', width: 100 },
    {
      title: '空缺原因',
      key: 'why',
      width: 220,
      ellipsis: true,
      render: (_: unknown, v: GateVacancyRow) => `${words[v.leftResult]}${v.leftReason ? `：${v.leftReason}` : ''}`,
    },
    { title: '空缺时间', dataIndex: 'createdAt', width: 140, render: (at: string) => formatTime(at) },
    {
      title: '状态',
      key: 'state',
      width: 200,
      render: (_: unknown, v: GateVacancyRow) =>
        v.filledByName === null ? (
          <Tag color="warning">待递补</Tag>
        ) : (
          <>
            <Tag color="success">已递补</Tag>
            {v.filledByName}
            {v.filledAt && <Typography.Text type="secondary">（{formatTime(v.filledAt)}）</Typography.Text>}
          </>
        ),
    },
    ...actionsColumn(canSubstitute, {
      width: 72,
      render: (v: GateVacancyRow) =>
        v.filledByName === null ? (
          <ActionLink aria-label={`递补：${v.jobVacancy}（${v.leftName}）`} onClick={() => setFilling(v)}>
            递补
          </ActionLink>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    }),
  ];

  return (
    <Card title="递补" size="small" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        考生{words.failed}或{words.withdrew}后，其名额由同岗位按排名顺序的下一名符合条件的考生递补；递补不改变原有排名。
      </Typography.Paragraph>
      <DataTable<GateVacancyRow>
        label={`${gate.name}递补列表`}
        rowKey="id"
        size="small"
        loading={vacancies.isFetching}
        dataSource={vacancies.data}
        pagination={false}
        scroll={{ x: widthOf(columns) }}
        locale={{ emptyText: '暂无空缺' }}
        columns={columns}
      />
      {filling && <SubstituteModal gate={gate} vacancy={filling} onClose={() => setFilling(undefined)} />}
    </Card>
  );
}
