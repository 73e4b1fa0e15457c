import { formatYuan } from '@zhaokao/contracts';
import { Descriptions, Drawer, Skeleton, Timeline, Typography } from 'antd';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useOrderDetail } from '../api/order-api';
import { OrderStatusTag, PayChannel, durationLabel, orderTypeLabel, payChannelLabel, timeLabel } from './labels';

const EVENT_COLOURS: Record<string, string> = { paid: 'green', repeated: 'gray', refused: 'red', refunded: 'orange' };

/** 订单详情: the order and how it went — placed, each payment notification acted on, paid or closed. */
export function OrderDetailDrawer({ id, onClose }: { id: number; onClose(): void }) {
  const { data: order } = useOrderDetail(id);
  const mobile = useIsMobile();

  const story = order
    ? [
        { key: 'created', color: 'blue', title: '下单', at: order.createdAt, text: `${order.createdByName || '—'}创建订单 ${order.totalAmountY} 元` },
        ...order.events.map((e, i) => ({ key: `e${i}`, color: EVENT_COLOURS[e.outcome] ?? 'blue', title: e.outcome === 'refunded' ? '自动退款' : '支付通知', at: e.at, text: e.text })),
        ...(order.status === 1 && order.events.length === 0 && order.paidAt
          ? [{ key: 'paid', color: 'green', title: '已支付', at: order.paidAt, text: `通过${payChannelLabel(order.payChannel)}${order.provider === 'sandbox' ? '（沙箱测试）' : ''}支付` }]
          : []),
        ...(order.closedAt ? [{ key: 'closed', color: 'gray', title: '已关闭', at: order.closedAt, text: order.closeReason || '订单已关闭' }] : []),
      ]
    : [];

  return (
    <Drawer title="订单详情" open onClose={onClose} size={mobile ? '100%' : 640}>
      {!order ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'orderId', label: '订单号', children: <Typography.Text copyable>{order.orderId}</Typography.Text> },
              { key: 'type', label: '订单类型', children: orderTypeLabel(order.type) },
              { key: 'name', label: '订单名称', children: order.name },
              ...(order.functionList.length > 0
                ? [{ key: 'items', label: '购买内容', children: order.functionList.map((f) => f.name).join('、') }]
                : []),
              ...(order.time !== null ? [{ key: 'time', label: '有效时长', children: durationLabel(order.time, order.timeType) }] : []),
              { key: 'amount', label: '订单金额', children: <Typography.Text strong>{formatYuan(order.totalAmount)}</Typography.Text> },
              { key: 'status', label: '订单状态', children: <OrderStatusTag status={order.status} /> },
              { key: 'channel', label: '支付方式', children: <PayChannel order={order} /> },
              { key: 'createdAt', label: '下单时间', children: timeLabel(order.createdAt) },
              ...(order.status === 0 ? [{ key: 'expiresAt', label: '自动关闭时间', children: timeLabel(order.expiresAt) }] : []),
              { key: 'paidAt', label: '支付时间', children: timeLabel(order.paidAt) },
              ...(order.closedAt
                ? [{ key: 'closedAt', label: '关闭时间', children: `${timeLabel(order.closedAt)}${order.closeReason ? `（${order.closeReason}）` : ''}` }]
                : []),
              { key: 'by', label: '下单人', children: order.createdByName || '—' },
            ]}
          />
          <Typography.Title level={5} style={{ margin: '24px 0 16px' }}>
            订单记录
          </Typography.Title>
          <Timeline
            items={story.map((s) => ({
              key: s.key,
              color: s.color,
              content: (
                <>
                  <Typography.Text strong>{s.title}</Typography.Text>
                  <div>{s.text}</div>
                  <Typography.Text type="secondary">{timeLabel(s.at)}</Typography.Text>
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
