import { INVOICE_STATUSES, type InvoiceStatus } from '@zhaokao/contracts';
import { Tag } from 'antd';

export const INVOICE_KINDS: Record<string, string> = { electronic: '电子发票', paper: '纸质发票' };
const STATUS_COLOURS: Record<InvoiceStatus, string> = { awaiting_fee: 'orange', submitted: 'blue', issued: 'green', cancelled: 'default' };

export const INVOICE_STATUS_LIST = Object.keys(INVOICE_STATUSES) as InvoiceStatus[];

/** An invoice request's status as a coloured tag. */
export function InvoiceStatusTag({ status }: { status: string }) {
  const known = status in INVOICE_STATUSES ? (status as InvoiceStatus) : undefined;
  return <Tag color={known ? STATUS_COLOURS[known] : 'default'}>{known ? INVOICE_STATUSES[known] : status}</Tag>;
}
