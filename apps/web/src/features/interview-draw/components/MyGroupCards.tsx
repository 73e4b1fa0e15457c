import type { ExaminerGroupRow } from '@zhaokao/contracts';
import { Button, Card, Col, Empty, Progress, Row, Spin, Typography } from 'antd';
import { useMyDrawGroups } from '../api/get-my-groups';
import { seatName } from './draw-words';

/** 我的面试分组: the groups the examiner was drawn into, each a card to open (big enough for a finger). */
export function MyGroupCards({ onOpen }: { onOpen(groupId: number): void }) {
  const { data, isLoading } = useMyDrawGroups();
  if (isLoading) return <Spin style={{ display: 'block', padding: 40 }} />;
  if (!data || data.length === 0) {
    return <Empty description="您还没有被抽入面试分组。抽取考官后，这里会列出您参加的分组。" />;
  }
  return (
    <Row gutter={[16, 16]}>
      {data.map((g: ExaminerGroupRow) => (
        <Col key={g.groupId} xs={24} sm={12}>
          <Card title={`${g.date} · ${g.roomName}`} styles={{ body: { padding: 16 } }}>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 8 }}>
              {g.planName}
            </Typography.Paragraph>
            <Typography.Paragraph strong style={{ fontSize: 18, marginBottom: 8 }}>
              {seatName(g.seat, g.workItem)}
            </Typography.Paragraph>
            {g.chief ? (
              <Typography.Paragraph style={{ marginBottom: 12 }}>共 {g.candidateCount} 名考生，主考官不评分</Typography.Paragraph>
            ) : (
              <Progress
                percent={g.candidateCount === 0 ? 0 : Math.round((g.scoredByMe / g.candidateCount) * 100)}
                format={() => `${g.scoredByMe} / ${g.candidateCount}`}
                aria-label="我的评分进度"
                style={{ marginBottom: 12 }}
              />
            )}
            <Button
              type="primary"
              size="large"
              block
              style={{ height: 56, fontSize: 18 }}
              aria-label={`${g.chief ? '查看进度' : '进入评分'}：${g.date} ${g.roomName}`}
              onClick={() => onOpen(g.groupId)}
            >
              {g.chief ? '查看进度' : '进入评分'}
            </Button>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
