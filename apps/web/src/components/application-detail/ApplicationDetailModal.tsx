import { SIGN_UP_STAGE, TASK_STATUS, submitAudit } from '@zhaokao/contracts';
import { App, Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { announce, call, showSuccess, succeeded } from '../../lib/api-client';
import { invalidateEndpoints } from '../../lib/query';
import { queryClient } from '../../lib/query-client';
import { useIsMobile } from '../../lib/use-is-mobile';
import { ApplicationDetailContent, type DetailMode } from './ApplicationDetailContent';
import { type ListSequence, REVIEW_READS, useApplicationTasks, useAuditDetail, useNextApplication, useSubmitAudit } from './detail-api';
import { RejectModal } from './RejectModal';

/**
 * SPEC dialog 1 (详情 - 招录管理). Mode 1 (sign-up review): 通过 / 不通过 while the user holds the task that can be
 * decided now. Modes 2 and 3 (written exam, interview) show the stage's ticket, seat and result, and decide nothing:
 * scores are entered on the score pages. Opened from a list (`sequence`), 下一位 and 通过并下一位 go on to the list's next
 * application, whose details were loaded while this one was shown.
 */
export function ApplicationDetailModal({
  applicationId: firstId,
  mode = SIGN_UP_STAGE.stage,
  sequence,
  onClose,
}: {
  applicationId: number;
  mode?: DetailMode;
  sequence?: ListSequence;
  onClose(): void;
}) {
  const mobile = useIsMobile();
  const { message } = App.useApp();
  const [applicationId, setApplicationId] = useState(firstId);
  const { data: detail } = useAuditDetail(applicationId);
  const { data: tasks } = useApplicationTasks(applicationId);
  const nextId = useNextApplication(sequence, applicationId);
  const submit = useSubmitAudit();
  const [rejecting, setRejecting] = useState(false);
  const [moving, setMoving] = useState(false);
  const taskId = mode === SIGN_UP_STAGE.stage ? (tasks?.actionableTaskId ?? null) : null;

  const pass = () => {
    if (taskId !== null) void announce(submit.mutateAsync({ tastId: taskId, status: TASK_STATUS.passed }), '审核通过');
  };

  /** To the list's next application (asked now if not known yet), or, at the end of the list, says so and closes. */
  const goNext = async (known = nextId) => {
    if (!sequence) return;
    const next =
      known !== undefined
        ? known
        : await queryClient
            .fetchQuery({ queryKey: sequence.queryKey(applicationId), queryFn: () => sequence.next(applicationId) })
            .catch(() => undefined); // the refusal has been shown
    if (next === undefined) return;
    if (next === null) {
      void message.info('已是列表中的最后一位，没有下一位了');
      onClose();
    } else {
      setApplicationId(next);
    }
  };

  const run = async (work: () => Promise<void>) => {
    setMoving(true);
    try {
      await work();
    } finally {
      setMoving(false);
    }
  };

  // The lists are refetched behind the next application, which shows at once.
  const passAndNext = () =>
    run(async () => {
      if (taskId === null) return;
      const known = nextId;
      if (!(await succeeded(call(submitAudit, { tastId: taskId, status: TASK_STATUS.passed })))) return;
      showSuccess('审核通过');
      void invalidateEndpoints(REVIEW_READS);
      await goNext(known);
    });

  const footer = (
    <Space wrap style={{ justifyContent: 'flex-end' }}>
      {mode !== SIGN_UP_STAGE.stage && <Link to={`/writtenExamination/details?id=${applicationId}&type=${mode}`} onClick={onClose}>
          在页面中打开
        </Link>}
      <Button onClick={onClose}>关闭</Button>
      {sequence && (
        <Button disabled={moving || submit.isPending} onClick={() => void run(() => goNext())}>
          下一位
        </Button>
      )}
      {taskId !== null && detail && (
        <>
          <Button danger disabled={moving || submit.isPending} onClick={() => setRejecting(true)}>
            不通过
          </Button>
          <Button type={sequence ? 'default' : 'primary'} disabled={moving} loading={submit.isPending} onClick={pass}>
            通过
          </Button>
          {sequence && (
            <Button type="primary" loading={moving} disabled={submit.isPending} onClick={() => void passAndNext()}>
              通过并下一位
            </Button>
          )}
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
        key={applicationId}
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
