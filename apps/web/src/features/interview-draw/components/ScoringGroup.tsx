import { DRAW_CANDIDATE_ABSENT, DRAW_CHIEF_DOES_NOT_SCORE, DRAW_ORDER_NOT_DRAWN } from '@zhaokao/contracts';
import { ArrowLeftOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Form, InputNumber, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { feedback } from '../../../lib/feedback';
import { useMyDrawGroup } from '../api/get-my-group';
import { useScoreByOrderNo } from '../api/score-by-order-no';
import { NumberStrip } from './NumberStrip';
import { seatName } from './draw-words';
import { NUMBER_STATE_WORDS, firstNumber, neighbourNumber, nextUnscored, numberState, scoreProblem, scoringProgress } from './scoring-logic';

const BIG = { height: 56, fontSize: 18 } as const;

/**
 * One group on the examiner's tablet, one candidate at a time and by order number only (never a name): the number
 * large, its post, my score field and 提交 (then on to the next number still to score), 上一位 / 下一位, and the strip
 * of numbers showing which I have scored. The chief (seat 0) does not score: the numbers only, read-only.
 */
export function ScoringGroup({ groupId, onBack }: { groupId: number; onBack(): void }) {
  const { data, error, isLoading } = useMyDrawGroup(groupId);
  const [chosen, setChosen] = useState<number>();
  const back = (
    <Button size="large" icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} style={{ marginBottom: 16 }}>
      返回我的分组
    </Button>
  );

  if (isLoading) return <Spin style={{ display: 'block', padding: 40 }} />;
  if (!data) {
    return (
      <>
        {back}
        <Empty description={error instanceof ApiError ? error.message : '未能读取该分组，请刷新后重试'} />
      </>
    );
  }

  const { group, candidates, fullMarks } = data;
  const progress = scoringProgress(candidates);
  const current = chosen !== undefined && candidates.some((c) => c.orderNo === chosen) ? chosen : firstNumber(candidates);
  const heading = (
    <Typography.Title level={4} style={{ marginTop: 0 }}>
      {group.date} · {group.roomName} · {seatName(group.seat, group.workItem)}
    </Typography.Title>
  );

  if (candidates.length === 0) {
    return (
      <>
        {back}
        {heading}
        <Empty description={DRAW_ORDER_NOT_DRAWN} />
      </>
    );
  }

  if (group.chief) {
    return (
      <>
        {back}
        {heading}
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`${DRAW_CHIEF_DOES_NOT_SCORE}：本页只显示本组的面试序号，共 ${candidates.length} 名考生。`} />
        <Card title="面试序号">
          {candidates.map((c) => (
            <Flex key={c.orderNo} justify="space-between" align="center" style={{ padding: '10px 0', borderBottom: '1px solid #f0f0f0', fontSize: 18 }}>
              <span>
                序号 {c.orderNo} · {c.jobVacancy}
              </span>
              {c.absent ? <Tag>缺考</Tag> : c.locked ? <Tag color="green">成绩已审核</Tag> : null}
            </Flex>
          ))}
        </Card>
      </>
    );
  }

  return (
    <>
      {back}
      {heading}
      {current !== undefined && (
        <CandidateCard
          key={current}
          groupId={groupId}
          candidates={candidates}
          current={current}
          fullMarks={fullMarks}
          onGo={setChosen}
        />
      )}
      <Card title={`我的评分：已评 ${progress.scored} 人${progress.absent ? `，缺考 ${progress.absent} 人` : ''}，共 ${progress.total} 人`} style={{ marginTop: 16 }}>
        <NumberStrip candidates={candidates} current={current} onChoose={setChosen} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          绿色：{NUMBER_STATE_WORDS.scored}；灰色：{NUMBER_STATE_WORDS.absent}或{NUMBER_STATE_WORDS.locked}；白色：{NUMBER_STATE_WORDS.todo}。
        </Typography.Paragraph>
      </Card>
    </>
  );
}

type Candidates = NonNullable<ReturnType<typeof useMyDrawGroup>['data']>['candidates'];

/** The current number: big, its post, my score (or why it cannot be scored), 提交, 上一位 / 下一位. */
function CandidateCard({
  groupId,
  candidates,
  current,
  fullMarks,
  onGo,
}: {
  groupId: number;
  candidates: Candidates;
  current: number;
  fullMarks: string;
  onGo(orderNo: number): void;
}) {
  const [form] = Form.useForm<{ score: string | null }>();
  const submit = useScoreByOrderNo();
  const candidate = candidates.find((c) => c.orderNo === current)!;
  const state = numberState(candidate);
  const closed = candidate.absent || candidate.locked;
  const previous = neighbourNumber(candidates, current, -1);
  const next = neighbourNumber(candidates, current, 1);

  const send = async ({ score }: { score: string | null }) => {
    const result = await submit.mutateAsync({ groupId, orderNo: current, score: String(score).trim() }).catch(() => undefined);
    if (!result) return;
    const after = candidates.map((c) => (c.orderNo === current ? { ...c, myScore: result.score } : c));
    const following = nextUnscored(after, current);
    if (following === undefined) {
      feedback.success(`序号 ${current} 已评 ${result.score} 分，本组考生已全部评分`, 3);
    } else {
      feedback.success(`序号 ${current} 已评 ${result.score} 分`, 1);
      onGo(following);
    }
  };

  return (
    <Card>
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 18 }}>
            岗位：{candidate.jobVacancy}
          </Typography.Text>
          <div style={{ fontSize: 64, fontWeight: 600, lineHeight: 1.2 }} aria-live="polite">
            序号 {current}
            <Typography.Text type="secondary" style={{ fontSize: 28, fontWeight: 400 }}>
              {' '}
              / {candidates.length}
            </Typography.Text>
          </div>
        </div>
        <Tag color={state === 'scored' ? 'green' : state === 'todo' ? 'blue' : 'default'} style={{ fontSize: 16, padding: '4px 12px' }}>
          {NUMBER_STATE_WORDS[state]}
          {candidate.myScore !== null && `：${candidate.myScore}`}
        </Tag>
      </Flex>
      {candidate.absent && <Alert type="warning" showIcon style={{ margin: '12px 0' }} title={DRAW_CANDIDATE_ABSENT} />}
      {candidate.locked && !candidate.absent && <Alert type="info" showIcon style={{ margin: '12px 0' }} title="该考生的成绩已审核，不能再修改" />}
      <Form
        name="interviewScoreByNumber"
        form={form}
        layout="vertical"
        disabled={closed}
        initialValues={{ score: candidate.myScore }}
        onFinish={send}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          label={<span style={{ fontSize: 18 }}>我的评分（满分 {fullMarks}）</span>}
          name="score"
          rules={[{ validator: async (_, value: string | null) => { const problem = scoreProblem(value, fullMarks); if (problem) throw new Error(problem); } }]}
        >
          <InputNumber<string>
            aria-label={`序号 ${current} 的评分`}
            stringMode
            inputMode="decimal"
            autoComplete="off"
            placeholder={`0 ~ ${fullMarks}`}
            size="large"
            controls={false}
            style={{ width: '100%', fontSize: 32 }}
            styles={{ input: { fontSize: 32, height: 64 } }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submit.isPending} style={{ ...BIG, height: 64, fontSize: 22 }}>
          提交
        </Button>
      </Form>
      <Flex gap={12} style={{ marginTop: 16 }}>
        <Button size="large" block style={BIG} icon={<LeftOutlined aria-hidden />} disabled={previous === undefined} onClick={() => previous !== undefined && onGo(previous)}>
          上一位
        </Button>
        <Button size="large" block style={BIG} disabled={next === undefined} onClick={() => next !== undefined && onGo(next)}>
          下一位 <RightOutlined aria-hidden />
        </Button>
      </Flex>
    </Card>
  );
}
