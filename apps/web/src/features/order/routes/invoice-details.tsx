import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Skeleton, Steps, Typography } from 'antd';
import { Link } from 'react-router';
import { RecordNotFound, useIdParam } from '../../../components/RecordNotFound';
import { useInvoiceDetail } from '../api/order-api';
import { usePayOrder } from '../components/PayOrderDialog';
import { InvoiceStatusTag, invoiceKindLabel, timeLabel } from '../components/labels';

const BACK = '/order/OrderPayLoglist';

/** 发票详情 (?id=…): the request's steps (submitted → courier fee paid → issued) and, once issued, the PDF or the tracking number. */
export default function InvoiceDetailsPage() {
  const id = useIdParam();
  const { data: invoice, isError } = useInvoiceDetail(id);
  const { dialog, pay } = usePayOrder();

  if (id === undefined || isError) {
    return <RecordNotFound title="发票申请不存在" back={BACK} backLabel="返回申请发票" />;
  }
  if (!invoice) return <Skeleton active paragraph={{ rows: 10 }} />;

  const paper = invoice.kind === 'paper';
  const issued = invoice.status === 'issued';
  const cancelled = invoice.status === 'cancelled';
  const current = invoice.steps.findIndex((s) => !s.done);
  const feeOpen = invoice.status === 'awaiting_fee' && invoice.feeOrder?.status === 0;

  return (
    <>
      <Card className="page-card" title="发票详情" extra={<Link to={BACK}>返回申请发票</Link>}>
        <Steps
          current={current === -1 ? invoice.steps.length - 1 : current}
          status={cancelled ? 'error' : current === -1 ? 'finish' : 'process'}
          style={{ marginBottom: 32 }}
          items={invoice.steps.map((step) => ({
            title: step.title,
            content: (
              <>
                <div>{step.text}</div>
                {step.at && <div>{timeLabel(step.at)}</div>}
              </>
            ),
          }))}
        />
        {issued && (
          <div style={{ marginBottom: 24 }}>
            {paper ? (
              <Typography.Text>
                发票已寄出：{invoice.courierCompany}，快递单号 <Typography.Text copyable strong>{invoice.trackingNo}</Typography.Text>
              </Typography.Text>
            ) : (
              <Typography.Link href={`/api/admin/order/invoice/${invoice.id}/pdf`} target="_blank" rel="noopener noreferrer">
                <FilePdfOutlined aria-hidden /> 下载电子发票（PDF）
              </Typography.Link>
            )}
          </div>
        )}
        {feeOpen && (
          <div style={{ marginBottom: 24 }}>
            <Typography.Text>快递费 {invoice.courierFeeY} 元待支付，支付后平台才会开具发票。</Typography.Text>{' '}
            <Button type="primary" onClick={() => invoice.feeOrder && pay(invoice.feeOrder)}>
              支付快递费
            </Button>
          </div>
        )}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={[
            { key: 'status', label: '状态', children: <InvoiceStatusTag status={invoice.status} /> },
            { key: 'kind', label: '发票类型', children: invoiceKindLabel(invoice.kind) },
            { key: 'title', label: '发票抬头', children: invoice.title },
            { key: 'taxNo', label: '纳税人识别号', children: invoice.taxNo },
            { key: 'amount', label: '开票金额', children: `${invoice.amountY} 元` },
            ...(paper
              ? [
                  { key: 'receiver', label: '收件人', children: `${invoice.receiverName} ${invoice.receiverPhone}` },
                  { key: 'address', label: '收件地址', children: `${invoice.province}${invoice.receiverAddress}` },
                  { key: 'fee', label: '快递费', children: `${invoice.courierFeeY} 元${invoice.feeOrder ? `（订单号 ${invoice.feeOrder.orderId}）` : ''}` },
                  ...(issued
                    ? [{ key: 'tracking', label: '快递单号', children: `${invoice.courierCompany} ${invoice.trackingNo}` }]
                    : []),
                ]
              : [{ key: 'email', label: '接收邮箱', children: invoice.email }]),
            { key: 'by', label: '申请人', children: invoice.createdByName || '—' },
            { key: 'createdAt', label: '申请时间', children: timeLabel(invoice.createdAt) },
            { key: 'issuedAt', label: '开具时间', children: timeLabel(invoice.issuedAt) },
          ]}
        />
      </Card>
      {dialog}
    </>
  );
}
