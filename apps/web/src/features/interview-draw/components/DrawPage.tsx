import { DRAW_NO_SCORE_ITEMS, INTERVIEW_DRAW_PERMISSIONS, type DrawGroupRow } from '@zhaokao/contracts';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { NoPlans, PlanSelect, usePagePlan } from '../../../components/PlanSelect';
import { lazyModal } from '../../../components/lazy-modal';
import { ApiError } from '../../../lib/api-client';
import { useHasPermission } from '../../../lib/session';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { DRAW_PAGE_FILTERS, drawHasData, useInterviewDrawGroups } from '../api/get-draw-groups';
import { GroupTable } from './GroupTable';
import { postLabel } from './draw-words';

/** Where examiners and their 回避 are kept. */
const EXAMINERS_PATH = '/auditionExamination/examiners';

const GroupFormModal = lazyModal(() => import('./GroupFormModal').then((m) => m.GroupFormModal));
const DrawOrderModal = lazyModal(() => import('./DrawOrderModal').then((m) => m.DrawOrderModal));
const DrawExaminersModal = lazyModal(() => import('./DrawExaminersModal').then((m) => m.DrawExaminersModal));
const GroupDetailModal = lazyModal(() => import('./GroupDetailModal').then((m) => m.GroupDetailModal));

/**
 * 面试抽签 (DESIGN §5 "Fair-exam rules beyond SPEC"): for the plan chosen in the address (else the latest plan with
 * candidates at the interview), its interview groups (room, date, posts), 抽取面试顺序 per group and 抽取考官 per day,
 * each with its recorded seed, the groups' details by order number, and the printed 抽签表 / 评分表. Staff who may only
 * look (score staff) see the groups and details without the buttons that change them.
 */
export function DrawPage() {
  const { defaultPlanId, noPlans } = usePagePlan(drawHasData);
  const { filters, setFilters } = useUrlFilters(DRAW_PAGE_FILTERS);
  const planId = filters.planId ?? defaultPlanId;
  const list = useInterviewDrawGroups(planId);
  const canManage = useHasPermission(INTERVIEW_DRAW_PERMISSIONS);
  /** Null: adding a group. */
  const [editing, setEditing] = useState<DrawGroupRow | null>();
  const [ordering, setOrdering] = useState<DrawGroupRow>();
  /** The day to draw examiners for ('' for the first day). */
  const [drawingDay, setDrawingDay] = useState<string>();
  const [detailOf, setDetailOf] = useState<number>();

  if (noPlans) return <NoPlans title="面试抽签" />;
  const data = list.data;

  return (
    <Card
      title="面试抽签"
      extra={canManage && <Link to={EXAMINERS_PATH}>考官库与回避</Link>}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanSelect value={planId} onChange={(id) => setFilters({ planId: id })} />
        {canManage && data && (
          <>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)}>
              添加分组
            </Button>
            <Button icon={<TeamOutlined aria-hidden />} disabled={data.groups.length === 0} onClick={() => setDrawingDay('')}>
              抽取考官
            </Button>
          </>
        )}
      </Space>
      {planId === undefined || list.isLoading ? (
        <Spin style={{ display: 'block', padding: 40 }} />
      ) : data === undefined ? (
        <Empty description={list.error instanceof ApiError ? list.error.message : '未能读取面试分组，请刷新后重试'} />
      ) : (
        <div key={planId}>
          {data.scoreItems.length === 0 ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={DRAW_NO_SCORE_ITEMS} />
          ) : (
            <Typography.Paragraph type="secondary">
              每组抽取 1 位主考官（主持、签字，不评分）和 {data.scoreItems.length} 位评分考官，依次对应招录工作安排的面试评分项：
              {data.scoreItems.map((s, i) => `考官 ${i + 1}（${s.workItem}）`).join('、')}。考官只按序号评分，看不到考生姓名。
            </Typography.Paragraph>
          )}
          {data.unassignedPosts.length > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={`尚未分组的面试岗位 ${data.unassignedPosts.length} 个`}
              description={data.unassignedPosts.map(postLabel).join('；')}
            />
          )}
          {data.groups.flatMap((g) =>
            g.warnings.map((w) => <Alert key={`${g.id} ${w}`} type="warning" showIcon style={{ marginBottom: 12 }} title={`${g.roomName} ${g.date}：${w}`} />),
          )}
          <GroupTable
            groups={data.groups}
            loading={list.isFetching}
            canManage={canManage}
            onDetail={(g) => setDetailOf(g.id)}
            onEdit={setEditing}
            onDrawOrder={setOrdering}
            onDrawExaminers={setDrawingDay}
          />
          {editing !== undefined && (
            <GroupFormModal planId={planId} group={editing} defaultDate={data.defaultDate} unassignedPosts={data.unassignedPosts} onClose={() => setEditing(undefined)} />
          )}
          {ordering && <DrawOrderModal group={ordering} onClose={() => setOrdering(undefined)} />}
          {drawingDay !== undefined && (
            <DrawExaminersModal
              planId={planId}
              groups={data.groups}
              seats={data.scoreItems.length}
              initialDate={drawingDay || undefined}
              onClose={() => setDrawingDay(undefined)}
            />
          )}
          {detailOf !== undefined && <GroupDetailModal groupId={detailOf} scoreItems={data.scoreItems} onClose={() => setDetailOf(undefined)} />}
        </div>
      )}
    </Card>
  );
}
