import type { DrawCandidateRow } from '@zhaokao/contracts';
import { Alert, Descriptions, Modal, Spin, Tag, Typography } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { widthOf } from '../../../lib/columns';
import { useInterviewDrawGroupDetail } from '../api/get-draw-group-detail';
import { SheetButtons } from './SheetButtons';
import { seatName } from './draw-words';

type ScoreItems = { workItemId: number; workItem: string }[];

/**
 * A group's detail: its examiners by seat and its candidates by order number with each seat's score and the panel's
 * score; names and ticket codes only once every candidate's scores are in (评分完成后显示姓名).
 */
export function GroupDetailModal({ groupId, scoreItems, onClose }: { groupId: number; scoreItems: ScoreItems; onClose(): void }) {
  const { data } = useInterviewDrawGroupDetail(groupId);
  const group = data?.group;
  return (
    <Modal open title={group ? `面试分组：${group.roomName} ${group.date}` : '面试分组'} width={960} footer={null} onCancel={onClose} destroyOnHidden>
      <GroupDetail groupId={groupId} scoreItems={scoreItems} />
    </Modal>
  );
}

/** The detail's content (GroupDetailModal's body). */
export function GroupDetail({ groupId, scoreItems }: { groupId: number; scoreItems: ScoreItems }) {
  const { data, isLoading } = useInterviewDrawGroupDetail(groupId);
  const group = data?.group;
  const seats = group && group.examiners.length > 0 ? group.examiners.filter((e) => e.seat > 0).map((e) => ({ seat: e.seat, workItem: e.workItem, name: e.name })) : scoreItems.map((s, i) => ({ seat: i + 1, workItem: s.workItem, name: '' }));

  const columns = [
    { title: '序号', dataIndex: 'orderNo', width: 64, fixed: 'left' as const },
    { title: '岗位', dataIndex: 'jobVacancy', width: 140, ellipsis: true },
    ...(group?.revealed
      ? [
          { title: '姓名', dataIndex: 'realName', width: 90 },
          { title: '准考证号', dataIndex: 'ticketCode', width: 150, render: (v: string | null) => v ?? '—' },
        ]
      : []),
    ...seats.map((s) => ({
      title: s.name ? `${seatName(s.seat, s.workItem)} ${s.name}` : seatName(s.seat, s.workItem),
      key: `seat${s.seat}`,
      width: 120,
      align: 'right' as const,
      render: (_: unknown, c: DrawCandidateRow) => (c.absent ? '—' : (c.seatScores.find((x) => x.seat === s.seat)?.score ?? <Typography.Text type="secondary">未评</Typography.Text>)),
    })),
    { title: '面试成绩', dataIndex: 'interviewScore', width: 90, align: 'right' as const, render: (v: string | null) => v ?? '—' },
    {
      title: '状态',
      key: 'state',
      width: 80,
      render: (_: unknown, c: DrawCandidateRow) => (c.absent ? <Tag>缺考</Tag> : c.complete ? <Tag color="green">已完成</Tag> : <Tag color="blue">评分中</Tag>),
    },
  ];

  return (
    <>
      {isLoading || !data || !group ? (
        <Spin style={{ display: 'block', padding: 40 }} />
      ) : (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'posts', label: '岗位', children: group.posts.map((p) => p.jobVacancy).join('、') },
              { key: 'full', label: '满分', children: data.fullMarks },
              { key: 'order', label: '面试顺序随机种子', children: group.orderSeed ?? '未抽取' },
              { key: 'examiners', label: '考官随机种子', children: group.examinerSeed ?? '未抽取' },
              {
                key: 'panel',
                label: '考官',
                span: 2,
                children: group.examiners.length === 0 ? '未抽取' : group.examiners.map((e) => `${seatName(e.seat, e.workItem)}：${e.name}`).join('；'),
              },
              { key: 'progress', label: '评分进度', children: `${group.scoredCount} / ${data.candidates.length}` },
            ]}
          />
          <div style={{ marginBottom: 12 }}>
            <SheetButtons group={group} />
          </div>
          {!group.revealed && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="本组全部考生评分完成后显示姓名和准考证号；此前只按序号显示。" />}
          {group.warnings.map((w) => (
            <Alert key={w} type="warning" showIcon style={{ marginBottom: 12 }} title={w} />
          ))}
          <DataTable<DrawCandidateRow>
            label="本组考生评分"
            rowKey="orderNo"
            size="small"
            dataSource={data.candidates}
            pagination={false}
            scroll={{ x: widthOf(columns) }}
            locale={{ emptyText: '尚未抽取面试顺序' }}
            columns={columns}
          />
        </>
      )}
    </>
  );
}
