import { type FeeOrderView, OFFLINE_METHODS, type OfflineMethod, ORDER_STATUSES, PAY_CHANNELS } from '@zhaokao/contracts';
import { Popconfirm, Tag } from 'antd';
import type { ReactNode } from 'react';
import { announce } from '../../../lib/api-client';
import { formatTime } from '../../../lib/time';
import { useCloseFeeOrder } from '../api/fee-order-api';

type OrderStatus = keyof typeof ORDER_STATUSES;
const STATUS_COLOURS: Record<OrderStatus, string> = { 0: 'orange', 1: 'green', 2: 'default', 3: 'purple' };

export const STATUS_OPTIONS = (Object.keys(ORDER_STATUSES) as `${OrderStatus}`[]).map((key) => ({
  value: Number(key) as OrderStatus,
  label: ORDER_STATUSES[Number(key) as OrderStatus],
}));
export const STATUS_VALUES = STATUS_OPTIONS.map((o) => o.value);

export function FeeStatusTag({ status }: { status: number }) {
  const known = status in ORDER_STATUSES ? (status as OrderStatus) : undefined;
  return <Tag color={known === undefined ? 'default' : STATUS_COLOURS[known]}>{known === undefined ? `状态 ${status}` : ORDER_STATUSES[known]}</Tag>;
}

export const offlineLabel = (method: string | null) => (method && method in OFFLINE_METHODS ? OFFLINE_METHODS[method as OfflineMethod] : '');

/** How the fee was (or is to be) paid: 微信支付, 支付宝, 线下（银行转账）…; empty while nothing is known. */
export function payWay(order: Pick<FeeOrderView, 'status' | 'payChannel' | 'offlineMethod'>): string {
  if (order.offlineMethod) return `线下（${offlineLabel(order.offlineMethod)}）`;
  if (order.payChannel !== null && order.payChannel in PAY_CHANNELS) return PAY_CHANNELS[order.payChannel as keyof typeof PAY_CHANNELS];
  return '';
}

export const time = (at: string | null) => (at ? formatTime(at) : '—');

const PROVIDERS: Record<string, string> = { sandbox: '沙箱支付', wechat: PAY_CHANNELS[1], alipay: PAY_CHANNELS[2], offline: '线下缴费' };
export const providerLabel = (provider: string) => PROVIDERS[provider] ?? provider;

/** 关闭订单 once confirmed (the candidate then starts the payment again); `children` is what is clicked. */
export function CloseOrderConfirm({ order, children }: { order: FeeOrderView; children: ReactNode }) {
  const close = useCloseFeeOrder();
  return (
    <Popconfirm
      title={`关闭${order.realName}的缴费订单？`}
      description="关闭后考生需重新发起缴费"
      okText="关闭订单"
      okButtonProps={{ danger: true }}
      onConfirm={() => announce(close.mutateAsync({ id: order.id }))}
    >
      {children}
    </Popconfirm>
  );
}
