import { EXAM_STAGES, type ExamSessionView, type ExamStage, closeSignUpQuestion } from '@zhaokao/contracts';
import { Alert, Button, Card, Col, Descriptions, Popconfirm, Row, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { NoPlans, PlanSelect } from '../../../../components/PlanSelect';
import { announce } from '../../../../lib/api-client';
import { useCloseSignUp, useExamSession } from '../../api/ticket-api';
import { SeatingPanel } from './SeatingPanel';
import { SessionEditor } from './SessionEditor';
import { TicketList, useTicketList } from './TicketList';

/** Remounts the room editor only when the saved setting changes (not when seats are taken or tickets issued). */
const signature = (s: ExamSessionView) =>
  JSON.stringify([s.planId, s.type, s.codePattern, s.notes, s.subject, s.endTime, s.rooms.map((r) => [r.id, r.name, r.seats])]);

/** What to do next, in words, from the session's counts. */
function nextStep(session: ExamSessionView): { type: 'info' | 'warning' | 'success'; text: string } | null {
  const needed = session.unseated + session.seatedNotIssued + session.issued;
  if (needed === 0) return { type: 'info', text: '该计划暂无进入本阶段的考生。' };
  if (session.rooms.length === 0) return { type: 'info', text: '请先设置准考证号规则和考场并保存，然后随机排座、发放准考证。' };
  if (session.unseated > 0) return { type: 'warning', text: `有 ${session.unseated} 人尚未排座：请确认考场座位足够后随机排座。` };
  if (session.seatedNotIssued > 0) return { type: 'info', text: `已排座 ${session.seatedNotIssued} 人待发放准考证。` };
  return { type: 'success', text: `准考证已全部发放（${session.issued} 人），可打印准考证、考场门贴和签到表。` };
}

/** While the plan's sign-up is open no ticket is issued; the warning offers 关闭报名, with a confirmation. */
function SignUpOpenWarning({ session }: { session: ExamSessionView }) {
  const close = useCloseSignUp();
  const waiting = session.signUpUnreviewed;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 8 }}
      title="该招录计划尚未关闭报名，不能发放准考证"
      description={
        waiting > 0
          ? `还有 ${waiting} 份报名未完成报名资格审核：审核完毕后关闭报名，再发放准考证。`
          : '关闭报名后，考生不能再报名或修改后重新提交，报名资格审核随之结束；之后才能发放准考证。'
      }
      action={
        <Popconfirm
          title={closeSignUpQuestion(session.planName)}
          okText="关闭报名"
          disabled={waiting > 0}
          onConfirm={() => announce(close.mutateAsync({ id: session.planId }))}
        >
          <Button danger disabled={waiting > 0} loading={close.isPending}>
            关闭报名
          </Button>
        </Popconfirm>
      }
    />
  );
}

/**
 * 笔试准考证设置 / 面试准考证设置: the plan's exam session of the stage — code pattern, notes, rooms — the seating,
 * and the list where tickets are issued and printed.
 */
export function TicketsPage({ stage }: { stage: ExamStage }) {
  const title = `${EXAM_STAGES[stage]}准考证设置`;
  const list = useTicketList(stage);
  const { planId } = list;
  const { data: session, isLoading } = useExamSession(planId, stage);
  const [selected, setSelected] = useState<number[]>([]);
  const [roomsDirty, setRoomsDirty] = useState(false);

  if (list.noPlans) return <NoPlans title={title} />;

  const step = session ? nextStep(session) : null;
  return (
    <Space orientation="vertical" size={16} style={{ display: 'flex' }}>
      <Card title={title}>
        <PlanSelect
          value={planId}
          onChange={(id) => {
            setSelected([]);
            setRoomsDirty(false);
            list.setFilters({ planId: id, recruitmentId: undefined, roomId: undefined });
          }}
        />
        {isLoading && <Skeleton active paragraph={{ rows: 2 }} style={{ marginTop: 16 }} />}
        {session && (
          <Descriptions
            style={{ marginTop: 16 }}
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              {
                key: 'time',
                label: '考试时间',
                children: session.examTime ? (session.endTime ? `${session.examTime} – ${session.endTime}` : session.examTime) : '未设置（请在招录计划中设置）',
              },
              { key: 'place', label: '考试地点', children: session.examAddress || '未设置（请在招录计划中设置）' },
            ]}
          />
        )}
        {session && !session.signUpClosed && <SignUpOpenWarning session={session} />}
        {step && <Alert type={step.type} showIcon title={step.text} style={{ marginTop: 8 }} />}
      </Card>
      {session && planId !== undefined && (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={15}>
              <Card title="考场设置" style={{ height: '100%' }}>
                <SessionEditor
                  key={signature(session)}
                  planId={planId}
                  stage={stage}
                  session={session}
                  onDirtyChange={setRoomsDirty}
                />
              </Card>
            </Col>
            <Col xs={24} xl={9}>
              <Card title="排座" style={{ height: '100%' }}>
                <SeatingPanel key={planId} planId={planId} stage={stage} session={session} roomsDirty={roomsDirty} />
              </Card>
            </Col>
          </Row>
          <Card title="准考证">
            <TicketList planId={planId} stage={stage} session={session} list={list} selected={selected} onSelect={setSelected} />
          </Card>
        </>
      )}
    </Space>
  );
}
