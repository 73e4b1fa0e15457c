import { type FeeOrderView, formatYuan } from '@zhaokao/contracts';
import { Button, Descriptions, Drawer, Empty, Space, Spin, Timeline, Typography } from 'antd';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useFeeOrderDetail } from '../api/fee-order-api';
import { CloseOrderConfirm, FeeStatusTag, offlineLabel, payWay, providerLabel, time } from './fee-order-format';

export type FeeOrderAction = 'confirm' | 'offline' | 'note' | 'receiver';

const or = (text: string) => text || '—';
/** Every table's labels one width, so that the three read as one form. */
const LABEL = { label: { width: 96 } };

/** 订单详情: every fact of a registration-fee order, its payment story, and what staff can do with it. */
export function FeeOrderDrawer({ id, onAct, onClose }: { id: number; onAct(action: FeeOrderAction, order: FeeOrderView): void; onClose(): void }) {
  const { data: order } = useFeeOrderDetail(id);
  const mobile = useIsMobile();
  const open = order?.status === 0;

  return (
    <Drawer
      title="订单详情"
      open
      onClose={onClose}
      size={mobile ? '100%' : 720}
      extra={
        order && (
          <Space wrap>
            {open && (
              <Button type="primary" onClick={() => onAct('confirm', order)}>
                确认线下缴费
              </Button>
            )}
            {open && <Button onClick={() => onAct('offline', order)}>登记线下缴费</Button>}
            {open && (
              <CloseOrderConfirm order={order}>
                <Button danger>关闭订单</Button>
              </CloseOrderConfirm>
            )}
          </Space>
        )
      }
    >
      {!order ? (
        <Spin style={{ display: 'block', padding: 40 }} />
      ) : (
        <>
          <Descriptions
            title="订单信息"
            extra={
              <Button size="small" onClick={() => onAct('note', order)}>
                编辑备注
              </Button>
            }
            styles={LABEL}
            bordered
            size="small"
            column={mobile ? 1 : 2}
            items={[
              { key: 'orderId', label: '订单号', children: order.orderId, span: mobile ? 1 : 2 },
              { key: 'status', label: '状态', children: <FeeStatusTag status={order.status} /> },
              { key: 'amount', label: '金额', children: formatYuan(order.totalAmount) },
              { key: 'createdAt', label: '下单时间', children: time(order.createdAt) },
              order.status === 0
                ? { key: 'expiresAt', label: '支付截止', children: order.offlineMethod ? '线下缴费，不自动关闭' : time(order.expiresAt) }
                : { key: 'paidAt', label: order.status === 2 ? '关闭时间' : '支付时间', children: time(order.status === 2 ? order.closedAt : order.paidAt) },
              { key: 'payWay', label: '支付方式', children: or(payWay(order)) },
              { key: 'provider', label: '支付渠道', children: or(providerLabel(order.provider)) },
              ...(order.status === 2 ? [{ key: 'closeReason', label: '关闭原因', children: or(order.closeReason), span: mobile ? 1 : 2 }] : []),
              ...(order.confirmedAt
                ? [
                    { key: 'confirmedBy', label: '确认人', children: or(order.confirmedByName) },
                    { key: 'confirmedAt', label: '确认时间', children: time(order.confirmedAt) },
                  ]
                : []),
              { key: 'note', label: '备注', span: mobile ? 1 : 2, children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{or(order.note)}</Typography.Text> },
            ]}
          />

          <Descriptions
            title="考生信息"
            styles={LABEL}
            bordered
            size="small"
            column={mobile ? 1 : 2}
            style={{ marginTop: 24 }}
            items={[
              { key: 'realName', label: '姓名', children: order.realName },
              { key: 'phone', label: '手机号码', children: order.phone },
              { key: 'identityNo', label: '身份证号', children: order.identityNo, span: mobile ? 1 : 2 },
              { key: 'plan', label: '招录计划', children: order.planName, span: mobile ? 1 : 2 },
              { key: 'post', label: '报考岗位', children: order.jobVacancy, span: mobile ? 1 : 2 },
            ]}
          />

          <Descriptions
            title="收件信息"
            styles={LABEL}
            bordered
            size="small"
            column={1}
            style={{ marginTop: 24 }}
            extra={
              <Button size="small" onClick={() => onAct('receiver', order)}>
                {order.receiverName ? '修改收件信息' : '填写收件信息'}
              </Button>
            }
            items={[
              { key: 'receiverName', label: '收件人', children: or(order.receiverName) },
              { key: 'receiverPhone', label: '收件电话', children: or(order.receiverPhone) },
              { key: 'receiverAddress', label: '收件地址', children: or(order.receiverAddress) },
            ]}
          />

          <Typography.Title level={5} style={{ marginTop: 24 }}>
            支付记录
          </Typography.Title>
          {order.events.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={order.offlineMethod ? `已登记线下缴费（${offlineLabel(order.offlineMethod)}），尚未确认` : '暂无支付记录'} />
          ) : (
            <Timeline
              items={order.events.map((event, i) => ({
                key: i,
                color: event.outcome === 'paid' ? 'green' : event.outcome === 'repeated' ? 'gray' : 'red',
                content: (
                  <>
                    <Typography.Text>{event.text}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">{time(event.at)}</Typography.Text>
                    </div>
                  </>
                ),
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
