import { EXAM_STAGES, type ExamSessionView, type ExamStage } from '@zhaokao/contracts';
import { Alert, Card, Col, Descriptions, Empty, Flex, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { PlanSelect, useNewestPlan } from '../../../../components/PlanSelect';
import { useExamSession } from '../../api/ticket-api';
import { SeatingPanel } from './SeatingPanel';
import { SessionEditor } from './SessionEditor';
import { TicketList, useTicketList } from './TicketList';

/** Remounts the room editor only when the saved setting changes (not when seats are taken or tickets issued). */
const signature = (s: ExamSessionView) => JSON.stringify([s.planId, s.type, s.codePattern, s.notes, s.rooms.map((r) => [r.id, r.name, r.seats])]);

/** What to do next, in words, from the session's counts. */
function nextStep(session: ExamSessionView): { type: 'info' | 'warning' | 'success'; text: string } | null {
  const needed = session.unseated + session.seatedNotIssued + session.issued;
  if (needed === 0) return { type: 'info', text: '该计划暂无进入本阶段的考生。' };
  if (session.rooms.length === 0) return { type: 'info', text: '请先设置准考证号规则和考场并保存，然后随机排座、发放准考证。' };
  if (session.unseated > 0) return { type: 'warning', text: `有 ${session.unseated} 人尚未排座：请确认考场座位足够后随机排座。` };
  if (session.seatedNotIssued > 0) return { type: 'info', text: `已排座 ${session.seatedNotIssued} 人待发放准考证。` };
  return { type: 'success', text: `准考证已全部发放（${session.issued} 人），可打印准考证、考场门贴和签到表。` };
}

/**
 * 笔试准考证设置 / 面试准考证设置: the plan's exam session of the stage — code pattern, notes, rooms — the seating,
 * and the list where tickets are issued and printed.
 */
export function TicketsPage({ stage }: { stage: ExamStage }) {
  const title = `${EXAM_STAGES[stage]}准考证设置`;
  const { newestPlanId, noPlans } = useNewestPlan();
  const list = useTicketList(stage, newestPlanId);
  const { planId } = list;
  const { data: session, isLoading } = useExamSession(planId, stage);
  const [selected, setSelected] = useState<number[]>([]);
  const [roomsDirty, setRoomsDirty] = useState(false);

  if (noPlans) {
    return (
      <Card title={title}>
        <Empty description="还没有招录计划" />
      </Card>
    );
  }

  const step = session ? nextStep(session) : null;
  return (
    <Flex vertical gap={16}>
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
              { key: 'time', label: '考试时间', children: session.examTime || '未设置（请在招录计划中设置）' },
              { key: 'place', label: '考试地点', children: session.examAddress || '未设置（请在招录计划中设置）' },
            ]}
          />
        )}
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
    </Flex>
  );
}
