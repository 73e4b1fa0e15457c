import { TASK_STATUS } from '@zhaokao/contracts';
import { Button, Descriptions, Divider, Modal, Skeleton, Space, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { announce } from '../../../lib/api-client';
import { useDictLabel } from '../../../lib/dict';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useApplicationResume, useApplicationTasks, useAuditDetail, useSubmitAudit } from '../api/examine-api';
import { JobDetailView } from './JobDetailView';
import { JobSummary } from './JobSummary';
import { RejectModal } from './RejectModal';
import { ResumeSections } from './ResumeSections';
import { StatusTag } from '../../../components/StatusTag';
import { TaskSteps } from './TaskSteps';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

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
 * SPEC dialog 1 (详情 - 招录管理): the application's job and company, the resume, the operation history as three
 * step lists, status and scores; 通过 / 不通过 only while the user holds the task that can be decided now.
 */
export function ApplicationDetailModal({ applicationId, onClose }: { applicationId: number; onClose(): void }) {
  const mobile = useIsMobile();
  const { data: detail } = useAuditDetail(applicationId);
  const { data: resume } = useApplicationResume(applicationId);
  const { data: tasks } = useApplicationTasks(applicationId);
  const statusLabel = useDictLabel('candidate_app_status');
  const submit = useSubmitAudit();
  const [rejecting, setRejecting] = useState(false);
  const [showingJob, setShowingJob] = useState(false);
  const taskId = tasks?.actionableTaskId ?? null;

  const pass = () => {
    if (taskId !== null) void announce(submit.mutateAsync({ tastId: taskId, status: TASK_STATUS.passed }), '审核通过');
  };

  const footer = (
    <Space wrap style={{ justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>关闭</Button>
      {taskId !== null && (
        <>
          <Button danger disabled={submit.isPending} onClick={() => setRejecting(true)}>
            不通过
          </Button>
          <Button type="primary" loading={submit.isPending} onClick={pass}>
            通过
          </Button>
        </>
      )}
    </Space>
  );

  return (
    <Modal
      open
      title="详情 - 招录管理"
      width={mobile ? '100%' : 1080}
      style={mobile ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : { top: 32 }}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
    >
      {/* The body scrolls, so that the audit buttons below stay in view. */}
      <div
        role="region"
        aria-label="报名详情"
        tabIndex={0}
        style={{ maxHeight: mobile ? 'calc(100vh - 140px)' : 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden', paddingRight: 8 }}
      >
        {!detail ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
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
                { key: 'audition', label: '面试成绩', children: detail.auditionGrade ?? '暂无' },
              ]}
            />
            <Section title="报考岗位">
              <JobSummary job={detail.job} onShowDetail={() => setShowingJob(true)} />
            </Section>
            <Section title="个人简历">
              {resume ? <ResumeSections resume={resume} name={detail.realName} /> : <Skeleton active />}
            </Section>
            <Section title="审核流程">
              {tasks ? <TaskSteps stages={tasks.stages} /> : <Skeleton active />}
            </Section>
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
            {rejecting && taskId !== null && (
              <RejectModal taskId={taskId} realName={detail.realName} onClose={() => setRejecting(false)} onRejected={() => setRejecting(false)} />
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
