import type { ExamRatioRow } from '@zhaokao/contracts';
import { Typography } from 'antd';
import { formatTime } from '../../../../lib/time';

/**
 * A post's places changes and its cancellation, newest first: who, when, from, to, why. A plain list: antd's
 * Timeline brings its Steps along, 11 KB more than this page may carry (see README, 性能测量).
 */
export function PostChanges({ changes }: { changes: ExamRatioRow['changes'] }) {
  return (
    <section aria-label="调整记录" style={{ padding: '8px 0 0 8px' }}>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {changes.map((c, i) => (
          <li key={i} style={{ marginBottom: 8, color: c.cancelled ? '#cf1322' : undefined }}>
            <Typography.Text strong>{c.cancelled ? '取消岗位' : `核减招录人数：${c.fromPlaces} 人 → ${c.toPlaces} 人`}</Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {formatTime(c.createdAt)}　{c.actorName}　原因：{c.remarks}
              </Typography.Text>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
