import type { ExamRatioRow } from '@zhaokao/contracts';
import { Timeline, Typography } from 'antd';
import dayjs from 'dayjs';

/** A post's places changes and its cancellation, newest first: who, when, from, to, why. */
export function PostChanges({ changes }: { changes: ExamRatioRow['changes'] }) {
  return (
    <section aria-label="调整记录" style={{ padding: '8px 0 0 8px' }}>
      <Timeline
        items={changes.map((c, i) => ({
          key: i,
          color: c.cancelled ? 'red' : 'blue',
          content: (
            <>
              <Typography.Text strong>{c.cancelled ? '取消岗位' : `核减招录人数：${c.fromPlaces} 人 → ${c.toPlaces} 人`}</Typography.Text>
              <div>
                <Typography.Text type="secondary">
                  {dayjs(c.createdAt).format('YYYY-MM-DD HH:mm')}　{c.actorName}　原因：{c.remarks}
                </Typography.Text>
              </div>
            </>
          ),
        }))}
      />
    </section>
  );
}
