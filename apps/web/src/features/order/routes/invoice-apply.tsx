import { type InvoiceRow, companyInvoiceList, formatYuan } from '@zhaokao/contracts';
import { Card, Col, Row, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { actionsColumn } from '../../../lib/columns';
import { useSessionUser } from '../../../lib/session';
import { usePagedList } from '../../../lib/use-paged-list';
import { useInvoiceLimit } from '../api/order-api';
import { InvoiceApplyForm } from '../components/InvoiceApplyForm';
import { usePayOrder } from '../components/PayOrderDialog';
import { InvoiceStatusTag, invoiceKindLabel, timeLabel } from '../components/labels';

/** One amount, its label above it (antd's Statistic would bring its own code for this alone). */
function Amount({ label, value }: { label: string; value: string }) {
  return (
    <div className="amount">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="amount-figure">{value}</div>
    </div>
  );
}

/** 申请发票: the paid amount not yet invoiced, the request form, and the company's requests below. */
export default function InvoiceApplyPage() {
  const { data: user } = useSessionUser();
  const { data: limit } = useInvoiceLimit();
  const { dialog, pay } = usePayOrder();
  const { tableProps } = usePagedList(companyInvoiceList, {
    label: '开票记录列表',
    filters: {},
    showTotal: (total) => `共 ${total} 条`,
  });
  const payFee = (invoice: InvoiceRow) => invoice.feeOrder && pay(invoice.feeOrder);

  return (
    <>
      <Card className="page-card" title="填写开票信息">
        {!limit || !user ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
              <Col xs={24} sm={8}>
                <Amount label="可开票金额" value={formatYuan(limit.limit)} />
              </Col>
              <Col xs={12} sm={8}>
                <Amount label="已支付（微信支付、支付宝）" value={formatYuan(limit.paid)} />
              </Col>
              <Col xs={12} sm={8}>
                <Amount label="已申请开票" value={formatYuan(limit.requested)} />
              </Col>
            </Row>
            <InvoiceApplyForm limit={limit.limit} defaultTitle={user.company.name} onFeeOrder={payFee} />
          </>
        )}
      </Card>
      <Card className="page-card" title="开票记录">
        <DataTable<InvoiceRow>
          {...tableProps}
          scroll={{ x: 1000 }}
          columns={[
            { title: '申请时间', dataIndex: 'createdAt', width: 170, render: timeLabel },
            { title: '开票金额（元）', dataIndex: 'amountY', width: 130, align: 'right' },
            { title: '状态', dataIndex: 'status', width: 130, render: (status: string) => <InvoiceStatusTag status={status} /> },
            { title: '发票类型', dataIndex: 'kind', width: 100, render: invoiceKindLabel },
            { title: '发票抬头', dataIndex: 'title', ellipsis: true },
            { title: '申请人', dataIndex: 'createdByName', width: 100, render: (name: string) => name || '—' },
            ...actionsColumn<InvoiceRow>(true, {
              width: 150,
              render: (invoice) => (
                <Space size={12}>
                  <Link to={`/order/OrderPayLoglists?id=${invoice.id}`}>查看</Link>
                  {invoice.status === 'awaiting_fee' && invoice.feeOrder?.status === 0 && (
                    <ActionLink onClick={() => payFee(invoice)}>支付快递费</ActionLink>
                  )}
                </Space>
              ),
            }),
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          纸质发票的快递费订单 30 分钟内未支付会自动关闭，申请随之取消，金额可重新申请。
        </Typography.Paragraph>
      </Card>
      {dialog}
    </>
  );
}
