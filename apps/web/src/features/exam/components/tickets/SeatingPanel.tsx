import { type ExamSessionView, type ExamStage, type OutputOf, assignSeats } from '@zhaokao/contracts';
import { Alert, App, Button, Descriptions, InputNumber, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { succeeded } from '../../../../lib/api-client';
import { useAssignSeats } from '../../api/ticket-api';

type Seating = OutputOf<typeof assignSeats>;

const SEED_MAX = 2_147_483_647;

/**
 * 排座: seats the stage's applications without an issued ticket at random (DESIGN §5). A seed repeats a seating;
 * without one the server draws it. Re-seating moves everyone not yet issued, so it asks first.
 */
export function SeatingPanel({
  planId,
  stage,
  session,
  roomsDirty,
}: {
  planId: number;
  stage: ExamStage;
  session: ExamSessionView;
  roomsDirty: boolean;
}) {
  const { modal } = App.useApp();
  const seat = useAssignSeats();
  const [seed, setSeed] = useState<number | null>(null);
  const [result, setResult] = useState<Seating>();

  const toSeat = session.unseated + session.seatedNotIssued;
  const reseating = session.seatedNotIssued > 0;
  const blocked =
    session.rooms.length === 0 ? '请先设置考场并保存' : roomsDirty ? '请先保存考场设置' : toSeat === 0 ? '没有需要排座的考生' : undefined;

  const run = async () => {
    let answer: Seating | undefined;
    const ok = await succeeded(
      seat.mutateAsync({ planId, type: stage, seed: seed ?? undefined }).then((r) => (answer = r)),
    );
    if (ok && answer) setResult(answer);
  };

  const start = () => {
    if (!reseating) return void run();
    modal.confirm({
      title: '重新排座？',
      content: `已排座但未发放准考证的 ${session.seatedNotIssued} 人将与未排座的 ${session.unseated} 人一起重新安排座位；已发放的准考证不变。`,
      okText: '重新排座',
      cancelText: '取消',
      onOk: run,
    });
  };

  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'unseated', label: '未排座', children: `${session.unseated} 人` },
          { key: 'seated', label: '已排座未发放', children: `${session.seatedNotIssued} 人` },
          { key: 'issued', label: '已发放', children: `${session.issued} 人` },
          { key: 'seed', label: '上次排座的随机种子', children: session.seed ?? '尚未排座' },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        随机打乱考生顺序，并尽量让相邻座位的考生报考不同岗位。输入相同的随机种子（考生不变时）可重现同样的座位；不填则随机生成。
      </Typography.Paragraph>
      <Space wrap size={8} style={{ display: 'flex' }}>
        <InputNumber<number>
          aria-label="随机种子"
          placeholder="随机种子（可不填）"
          min={0}
          max={SEED_MAX}
          precision={0}
          value={seed}
          onChange={setSeed}
          style={{ width: 190 }}
        />
        <Tooltip title={blocked}>
          <Button type="primary" loading={seat.isPending} disabled={blocked !== undefined} onClick={start}>
            随机排座
          </Button>
        </Tooltip>
      </Space>
      {result && (
        <Alert
          style={{ marginTop: 12 }}
          type={result.sameNeighbours === 0 ? 'success' : 'info'}
          showIcon
          title={`已排座 ${result.seated} 人，随机种子 ${result.seed}`}
          description={`相邻座位同岗位：${result.sameNeighbours} 处`}
        />
      )}
    </>
  );
}
