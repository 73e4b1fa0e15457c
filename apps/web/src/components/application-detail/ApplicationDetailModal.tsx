import { TASK_STATUS } from '@zhaokao/contracts';
import { Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { announce } from '../../lib/api-client';
import { useIsMobile } from '../../lib/use-is-mobile';
import { ApplicationDetailContent, type DetailMode } from './ApplicationDetailContent';
import { useApplicationTasks, useAuditDetail, useSubmitAudit } from './detail-api';
import { RejectModal } from './RejectModal';

/**
 * SPEC dialog 1 (详情 - 招录管理). Mode 1 (sign-up review): 通过 / 不通过 while the user holds the task that can be
 * decided now. Modes 2 and 3 (written exam, interview) show the stage's ticket, seat and result, and decide nothing:
 * scores are entered on the score pages.
 */
export function ApplicationDetailModal({ applicationId, mode = 1, onClose }: { applicationId: number; mode?: DetailMode; onClose(): void }) {
  const mobile = useIsMobile();
  const { data: detail } = useAuditDetail(applicationId);
  const { data: tasks } = useApplicationTasks(applicationId);
  const submit = useSubmitAudit();
  const [rejecting, setRejecting] = useState(false);
  const taskId = mode === 1 ? (tasks?.actionableTaskId ?? null) : null;

  const pass = () => {
    if (taskId !== null) void announce(submit.mutateAsync({ tastId: taskId, status: TASK_STATUS.passed }), '审核通过');
  };

  const footer = (
    <Space wrap style={{ justifyContent: 'flex-end' }}>
      {mode !== 1 && <Link to={`/writtenExamination/details?id=${applicationId}&type=${mode}`} onClick={onClose}>
          在页面中打开
        </Link>}
      <Button onClick={onClose}>关闭</Button>
      {taskId !== null && detail && (
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
        <ApplicationDetailContent applicationId={applicationId} mode={mode} />
      </div>
      {rejecting && taskId !== null && detail && (
        <RejectModal taskId={taskId} realName={detail.realName} onClose={() => setRejecting(false)} onRejected={() => setRejecting(false)} />
      )}
    </Modal>
  );
}
