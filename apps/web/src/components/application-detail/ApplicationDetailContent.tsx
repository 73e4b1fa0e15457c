import { EXAM_STAGES, SIGN_UP_STAGE, type ReviewStage } from '@zhaokao/contracts';
import { Descriptions, Divider, Skeleton, Timeline, Typography } from 'antd';
import { formatTime } from '../../lib/time';
import { type ReactNode, useState } from 'react';
import { useDictLabel } from '../../lib/dict';
import { StatusTag } from '../StatusTag';
import { useApplicationResume, useApplicationTasks, useAuditDetail } from './detail-api';
import { ExamStageFacts } from './ExamStageFacts';
import { JobSummary } from './JobSummary';
import { ResumeSections } from './ResumeSections';
import { TaskSteps } from './TaskSteps';
import { lazyModal } from '../lazy-modal';

const JobDetailView = lazyModal(() => import('./JobDetailView').then((m) => m.JobDetailView));

/** The sign-up review, the written exam or the interview: which stage the dialog is opened for. */
export type DetailMode = ReviewStage;

const time = (iso: string) => formatTime(iso);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Divider titlePlacement="start" style={{ marginTop: 24 }}>
        {title}
      </Divider>
      {children}
    </section>
  );
}

/**
 * SPEC dialog 1's content (also the page /writtenExamination/details): the application's status and scores, in modes
 * 2 and 3 the exam stage's ticket, seat and result, the job and company, the resume, the three step lists and the
 * status history.
 */
export function ApplicationDetailContent({ applicationId, mode }: { applicationId: number; mode: DetailMode }) {
  const { data: detail } = useAuditDetail(applicationId);
  const { data: resume } = useApplicationResume(applicationId);
  const { data: tasks } = useApplicationTasks(applicationId);
  const statusLabel = useDictLabel('candidate_app_status');
  const [showingJob, setShowingJob] = useState(false);

  if (!detail) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'name', label: '姓名', children: detail.realName },
          { key: 'status', label: '报名状态', children: <StatusTag status={detail.status} /> },
          { key: 'plan', label: '招录计划', children: detail.planName },
          { key: 'identity', label: '身份证号码', children: detail.identityNo },
          { key: 'phone', label: '手机号码', children: detail.phone },
          { key: 'applied', label: '报名时间', children: time(detail.createdAt) },
          { key: 'ticket', label: '准考证号', children: detail.admissionTicketCode ?? '暂无' },
          { key: 'written', label: '笔试成绩', children: detail.writtenGrade ?? '暂无' },
          { key: 'interview', label: '面试成绩', children: detail.auditionGrade ?? '暂无' },
        ]}
      />
      {mode !== SIGN_UP_STAGE.stage && (
        <Section title={`${EXAM_STAGES[mode]}信息`}>
          <ExamStageFacts detail={detail} stage={mode} />
        </Section>
      )}
      <Section title="报考岗位">
        <JobSummary job={detail.job} onShowDetail={() => setShowingJob(true)} />
      </Section>
      <Section title="个人简历">{resume ? <ResumeSections resume={resume} name={detail.realName} /> : <Skeleton active />}</Section>
      <Section title="审核流程">{tasks ? <TaskSteps stages={tasks.stages} /> : <Skeleton active />}</Section>
      {tasks && tasks.history.length > 0 && (
        <Section title="状态变更记录">
          <Timeline
            items={tasks.history.map((h, i) => ({
              key: i,
              content: (
                <>
                  <Typography.Text>
                    {h.fromStatus === null ? '报名' : `${statusLabel(h.fromStatus)} → `}
                    {h.fromStatus === null ? `（${statusLabel(h.toStatus)}）` : statusLabel(h.toStatus)}
                  </Typography.Text>
                  <div>
                    <Typography.Text type="secondary">
                      {time(h.createdAt)}　{h.actorName || '报名人员'}
                      {h.remarks && `　${h.remarks}`}
                    </Typography.Text>
                  </div>
                </>
              ),
            }))}
          />
        </Section>
      )}
      {showingJob && <JobDetailView job={detail.job} onClose={() => setShowingJob(false)} />}
    </>
  );
}
