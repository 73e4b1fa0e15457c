import { type PlatformInvoiceRow, fillPath, platformInvoicePdf } from '@zhaokao/contracts';
import { Button, Descriptions, Modal } from 'antd';
import { formatTime } from '../../../lib/time';
import { INVOICE_KINDS, InvoiceStatusTag } from './invoice-labels';

const at = (value: string | null) => (value ? formatTime(value) : '—');

/** Everything a company asked for in one invoice request, and how it was issued. */
export function InvoiceDetailModal({ invoice, onIssue, onClose }: { invoice: PlatformInvoiceRow; onIssue?(): void; onClose(): void }) {
  const paper = invoice.kind === 'paper';
  return (
    <Modal
      open
      title="发票申请详情"
      width={640}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        ...(onIssue
          ? [
              <Button key="issue" type="primary" onClick={onIssue}>
                开具
              </Button>,
            ]
          : []),
      ]}
    >
      <Descriptions bordered size="small" column={1} styles={{ label: { width: 130 } }}>
        <Descriptions.Item label="申请单位">{invoice.companyName}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <InvoiceStatusTag status={invoice.status} />
        </Descriptions.Item>
        <Descriptions.Item label="发票类型">{INVOICE_KINDS[invoice.kind] ?? invoice.kind}</Descriptions.Item>
        <Descriptions.Item label="开票金额（元）">{invoice.amountY}</Descriptions.Item>
        <Descriptions.Item label="发票抬头">{invoice.title}</Descriptions.Item>
        <Descriptions.Item label="纳税人识别号">{invoice.taxNo}</Descriptions.Item>
        {paper ? (
          <>
            <Descriptions.Item label="收件人">{invoice.receiverName}</Descriptions.Item>
            <Descriptions.Item label="联系电话">{invoice.receiverPhone}</Descriptions.Item>
            <Descriptions.Item label="收件地址">{`${invoice.province} ${invoice.receiverAddress}`}</Descriptions.Item>
            <Descriptions.Item label="快递费（元）">{invoice.courierFeeY}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label="接收邮箱">{invoice.email || '—'}</Descriptions.Item>
        )}
        <Descriptions.Item label="申请人">{invoice.createdByName || '—'}</Descriptions.Item>
        <Descriptions.Item label="申请时间">{at(invoice.createdAt)}</Descriptions.Item>
        {invoice.status === 'issued' && (
          <>
            <Descriptions.Item label="开具时间">{at(invoice.issuedAt)}</Descriptions.Item>
            {paper ? (
              <Descriptions.Item label="快递信息">{`${invoice.courierCompany} ${invoice.trackingNo}`}</Descriptions.Item>
            ) : (
              <Descriptions.Item label="电子发票">
                <InvoicePdfLink id={invoice.id} />
              </Descriptions.Item>
            )}
          </>
        )}
      </Descriptions>
    </Modal>
  );
}

/** The issued e-invoice's PDF, opened in a new tab (the operator's cookie goes to /api/platform). */
export function InvoicePdfLink({ id }: { id: number }) {
  return (
    <a href={`/api${fillPath(platformInvoicePdf.path, { id })}`} target="_blank" rel="noreferrer">
      查看电子发票（PDF）
    </a>
  );
}
