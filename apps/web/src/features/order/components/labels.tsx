import {
  INVOICE_KINDS, INVOICE_STATUSES, ORDER_STATUSES, ORDER_TYPES, PAY_CHANNELS, TIME_TYPES,
} from '@zhaokao/contracts';
import { Tag } from 'antd';
import { formatTime } from '../../../lib/time';

const ORDER_STATUS_COLOURS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default', 3: 'purple' };
const INVOICE_STATUS_COLOURS: Record<string, string> = { awaiting_fee: 'orange', submitted: 'blue', issued: 'green', cancelled: 'default' };

const labelOf = (labels: Record<string | number, string>, value: string | number | null | undefined) =>
  value === null || value === undefined ? '—' : (labels[value] ?? String(value));

export const orderTypeLabel = (type: number) => labelOf(ORDER_TYPES, type);
export const payChannelLabel = (channel: number | null) => labelOf(PAY_CHANNELS, channel);

/** 支付方式, marked when the QR code went to the built-in sandbox gateway: a test payment, no real money. */
export function PayChannel({ order }: { order: { payChannel: number | null; provider: string } }) {
  return (
    <>
      {payChannelLabel(order.payChannel)}
      {order.provider === 'sandbox' && (
        <Tag color="orange" style={{ marginInlineStart: 6 }}>
          沙箱测试
        </Tag>
      )}
    </>
  );
}
export const invoiceKindLabel = (kind: string) => labelOf(INVOICE_KINDS, kind);

/** 1 个月, 3 年; empty for an order bought for no time (a recharge). */
export const durationLabel = (time: number | null, timeType: number | null) =>
  time !== null && timeType !== null ? `${time} ${labelOf(TIME_TYPES, timeType)}` : '—';

/** A time as a person reads it, or — when it has not happened. */
export const timeLabel = (at: string | null | undefined) => (at ? formatTime(at, 'YYYY-MM-DD HH:mm:ss') : '—');

export function OrderStatusTag({ status }: { status: number }) {
  return <Tag color={ORDER_STATUS_COLOURS[status] ?? 'default'}>{labelOf(ORDER_STATUSES, status)}</Tag>;
}

export function InvoiceStatusTag({ status }: { status: string }) {
  return <Tag color={INVOICE_STATUS_COLOURS[status] ?? 'default'}>{labelOf(INVOICE_STATUSES, status)}</Tag>;
}
