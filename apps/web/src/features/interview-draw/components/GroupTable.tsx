import { DRAW_SCORES_ENTERED, type DrawGroupRow } from '@zhaokao/contracts';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { DeleteLink } from '../../../components/DeleteLink';
import { widthOf } from '../../../lib/columns';
import { useDeleteInterviewDrawGroup } from '../api/delete-draw-group';
import { SheetButtons } from './SheetButtons';
import { drawnByText, examinersDrawn, orderDrawn, seatName } from './draw-words';

interface Props {
  groups: DrawGroupRow[];
  loading: boolean;
  canManage: boolean;
  onDetail(group: DrawGroupRow): void;
  onEdit(group: DrawGroupRow): void;
  onDrawOrder(group: DrawGroupRow): void;
  onDrawExaminers(date: string): void;
}

/** A fixed group (scoring started) cannot change: the action says why. */
function Fixed({ children }: { children: string }) {
  return (
    <Tooltip title={DRAW_SCORES_ENTERED}>
      <Typography.Text type="secondary">{children}</Typography.Text>
    </Tooltip>
  );
}

/** A draw's cell: what it drew above its recorded seed (who drew it and when on hover), or 未抽取. */
function DrawCell({ drawn, seed, by, at, children }: { drawn: boolean; seed: number | null; by: string | null; at: string | null; children: ReactNode }) {
  if (!drawn) return <Tag>未抽取</Tag>;
  return (
    <Tooltip title={drawnByText(by, at)}>
      <div>
        {children}
        <div>
          <Typography.Text type="secondary">种子 {seed}</Typography.Text>
        </div>
      </div>
    </Tooltip>
  );
}

/** 面试分组: room, date, posts, the two draws with their recorded seeds, the examiners and progress (warnings: DrawPage). */
export function GroupTable({ groups, loading, canManage, onDetail, onEdit, onDrawOrder, onDrawExaminers }: Props) {
  const remove = useDeleteInterviewDrawGroup();

  const columns = [
    { title: '面试日期', dataIndex: 'date', width: 108, fixed: 'left' as const },
    { title: '考场', dataIndex: 'roomName', width: 110 },
    {
      title: '岗位',
      key: 'posts',
      width: 180,
      render: (_: unknown, g: DrawGroupRow) => g.posts.map((p) => `${p.jobVacancy}（${p.candidates} 人）`).join('、'),
    },
    {
      title: '面试顺序',
      key: 'order',
      width: 140,
      render: (_: unknown, g: DrawGroupRow) => (
        <DrawCell drawn={orderDrawn(g)} seed={g.orderSeed} by={g.orderDrawnBy} at={g.orderDrawnAt}>
          <Tag color="green">已抽取 {g.candidateCount} 人</Tag>
        </DrawCell>
      ),
    },
    {
      title: '考官',
      key: 'examiners',
      width: 200,
      render: (_: unknown, g: DrawGroupRow) => (
        <DrawCell drawn={examinersDrawn(g)} seed={g.examinerSeed} by={g.examinersDrawnBy} at={g.examinersDrawnAt}>
          {g.examiners.map((e) => (
            <div key={e.seat}>
              {seatName(e.seat, '')}：{e.name}
              {e.seat > 0 && !e.canScore && <Typography.Text type="warning">（代录）</Typography.Text>}
            </div>
          ))}
        </DrawCell>
      ),
    },
    {
      title: '评分进度',
      key: 'progress',
      width: 90,
      render: (_: unknown, g: DrawGroupRow) =>
        g.revealed ? <Tag color="green">已完成</Tag> : g.candidateCount === 0 ? '—' : `${g.scoredCount} / ${g.candidateCount}`,
    },
    {
      title: '操作',
      key: 'actions',
      width: canManage ? 230 : 140,
      fixed: 'right' as const,
      render: (_: unknown, g: DrawGroupRow) => {
        const where = `${g.roomName} ${g.date}`;
        return (
          <Space orientation="vertical" size={4}>
            <Space wrap size={[12, 4]}>
              <ActionLink aria-label={`详情：${where}`} onClick={() => onDetail(g)}>
                详情
              </ActionLink>
              {canManage &&
                (g.scoringStarted ? (
                  <Fixed>已开始评分</Fixed>
                ) : (
                  <>
                    <ActionLink aria-label={`编辑分组：${where}`} onClick={() => onEdit(g)}>
                      编辑
                    </ActionLink>
                    <ActionLink aria-label={`抽取面试顺序：${where}`} onClick={() => onDrawOrder(g)}>
                      抽取面试顺序
                    </ActionLink>
                    <ActionLink aria-label={`抽取考官：${g.date}`} onClick={() => onDrawExaminers(g.date)}>
                      抽取考官
                    </ActionLink>
                    <DeleteLink title={`删除面试分组“${where}”？已抽取的面试顺序和考官一并删除。`} onDelete={() => remove.mutateAsync({ id: g.id })} />
                  </>
                ))}
            </Space>
            <SheetButtons group={g} size="small" />
          </Space>
        );
      },
    },
  ];

  return (
    <DataTable<DrawGroupRow>
      label="面试分组列表"
      rowKey="id"
      loading={loading}
      dataSource={groups}
      pagination={false}
      scroll={{ x: widthOf(columns) }}
      locale={{ emptyText: '还没有面试分组' }}
      columns={columns}
    />
  );
}
