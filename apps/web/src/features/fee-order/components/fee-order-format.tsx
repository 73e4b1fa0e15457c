import { type FeeOrderView, OFFLINE_METHODS, type OfflineMethod, ORDER_STATUSES, PAY_CHANNELS } from '@zhaokao/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';

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

export const time = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '—');

const PROVIDERS: Record<string, string> = { sandbox: '沙箱支付', wechat: PAY_CHANNELS[1], alipay: PAY_CHANNELS[2], offline: '线下缴费' };
export const providerLabel = (provider: string) => PROVIDERS[provider] ?? provider;
