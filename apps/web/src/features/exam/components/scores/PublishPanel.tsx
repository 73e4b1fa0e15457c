import { type ExamStage, type StatisticsPostRow } from '@zhaokao/contracts';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../../components/DataTable';
import { lazyModal } from '../../../../components/lazy-modal';
import { usePlanPosts } from '../../../../lib/options';
import type { Published } from './PublishDialogs';
import { STAGE_PAGES, countOf } from './stage';

const PublishModal = lazyModal(() => import('./PublishDialogs').then((m) => m.PublishModal));
const PublishedModal = lazyModal(() => import('./PublishDialogs').then((m) => m.PublishedModal));

/** Per post of the plan: what awaits review, and 发布成绩 (batchSendScore) with what publishing does explained first. */
export function PublishPanel({ stage, planId }: { stage: ExamStage; planId: number | undefined }) {
  const pages = STAGE_PAGES[stage];
  const { data: posts, isFetching } = usePlanPosts(planId);
  const [publishing, setPublishing] = useState<StatisticsPostRow>();
  const [published, setPublished] = useState<Published>();

  return (
    <section aria-label="按岗位发布成绩" style={{ marginTop: 24 }}>
      <Typography.Title level={5}>按岗位发布成绩</Typography.Title>
      <Typography.Paragraph type="secondary">
        一个岗位的{pages.name}成绩全部录入并审核确认后，才能发布该岗位的结果。
      </Typography.Paragraph>
      <DataTable<StatisticsPostRow>
        label={`${pages.name}成绩发布列表`}
        size="small"
        rowKey="recruitmentId"
        loading={isFetching}
        scroll={{ x: 640 }}
        pagination={false}
        dataSource={posts}
        columns={[
          { title: '岗位', dataIndex: 'jobVacancy', ellipsis: true },
          { title: '招录人数', dataIndex: 'places', width: 90 },
          { title: '待录入', key: 'waiting', width: 80, render: (_: unknown, p) => countOf(p.counts, pages.waiting) },
          { title: '待审核 / 待发布', key: 'review', width: 120, render: (_: unknown, p) => countOf(p.counts, [pages.inReview]) },
          {
            title: '结果',
            key: 'published',
            width: 100,
            render: (_: unknown, p) => (countOf(p.counts, pages.published) > 0 ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            width: 110,
            fixed: 'right',
            render: (_: unknown, p) => {
              const waiting = countOf(p.counts, pages.waiting);
              const button = (
                <Button
                  size="small"
                  type="primary"
                  aria-label={`发布成绩：${p.jobVacancy}`}
                  aria-describedby={waiting > 0 ? `publish-waiting-${p.recruitmentId}` : undefined}
                  disabled={waiting > 0 || countOf(p.counts, [pages.inReview]) === 0}
                  onClick={() => setPublishing(p)}
                >
                  发布成绩
                </Button>
              );
              if (waiting === 0) return button;
              // A disabled button gets no pointer events: the tooltip sits on its wrapper, and the reason is also text.
              const reason = `还有 ${waiting} 人未录入成绩，全部录入并审核后才能发布`;
              return (
                <Tooltip title={reason}>
                  <span>
                    {button}
                    <span id={`publish-waiting-${p.recruitmentId}`} className="visually-hidden">
                      {reason}
                    </span>
                  </span>
                </Tooltip>
              );
            },
          },
        ]}
      />
      {publishing && (
        <PublishModal
          stage={stage}
          post={publishing}
          onClose={() => setPublishing(undefined)}
          onPublished={(result) => {
            setPublishing(undefined);
            setPublished({ ...result, jobVacancy: publishing.jobVacancy, recruitmentId: publishing.recruitmentId });
          }}
        />
      )}
      {published && <PublishedModal stage={stage} planId={planId} result={published} onClose={() => setPublished(undefined)} />}
    </section>
  );
}
