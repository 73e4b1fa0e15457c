import { Typography } from 'antd';
import { timeLabel } from './labels';

/**
 * An order's times in one table cell, a line each: 下单, then 支付 and 关闭 once they happened. A file of its own:
 * antd's Typography is large, and the pages that import labels.tsx need not carry it.
 */
export function OrderTimes(props: { createdAt: string; paidAt: string | null; closedAt?: string | null; format?: (at: string) => string }) {
  const format = props.format ?? timeLabel;
  return (
    <>
      <div>下单 {format(props.createdAt)}</div>
      {props.paidAt && <div>支付 {format(props.paidAt)}</div>}
      {props.closedAt && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          关闭 {format(props.closedAt)}
        </Typography.Text>
      )}
    </>
  );
}
