import { COMPANY_ORDER_TYPES, ORDER_STATUSES, ORDER_TYPES, type OrderView, companyOrderList } from '@zhaokao/contracts';
import { Card, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { lazyModal } from '../../../components/lazy-modal';
import { announce } from '../../../lib/api-client';
import { actionsColumn } from '../../../lib/columns';
import { usePagedList } from '../../../lib/use-paged-list';
import { useCloseOrder } from '../api/order-api';
import { usePayOrder } from '../components/PayOrderDialog';
import { OrderStatusTag, PayChannel, orderTypeLabel } from '../components/labels';
import { OrderTimes } from '../components/OrderTimes';

const OrderDetailDrawer = lazyModal(() => import('../components/OrderDetailDrawer').then((m) => m.OrderDetailDrawer));

const STATUS_VALUES = [0, 1, 2, 3] as const;
const TYPE_OPTIONS = COMPANY_ORDER_TYPES.map((value) => ({ value, label: ORDER_TYPES[value] }));
const STATUS_OPTIONS = STATUS_VALUES.map((value) => ({ value, label: ORDER_STATUSES[value] }));

/** 缴费记录: the company's own orders (packages, function items, recharges, courier fees) and how each was paid. */
export default function OrderHistoryPage() {
  const { bind, filters, setFilters, tableProps } = usePagedList(companyOrderList, {
    label: '缴费记录列表',
    filters: { type: COMPANY_ORDER_TYPES, status: STATUS_VALUES, orderId: 'text' },
    showTotal: (total) => `共 ${total} 笔订单`,
  });
  const [showing, setShowing] = useState<number>();
  const { dialog, pay } = usePayOrder();
  const close = useCloseOrder();

  return (
    <Card className="page-card" title="缴费记录">
      <Space wrap style={{ marginBottom: 12 }}>
        <SelectFilter label="订单类型" placeholder="全部类型" width={150} {...bind('type')} options={TYPE_OPTIONS} />
        <SelectFilter label="订单状态" placeholder="全部状态" width={130} {...bind('status')} options={STATUS_OPTIONS} />
        <SearchFilter
          label="订单号"
          placeholder="订单号"
          width={240}
          maxLength={40}
          value={filters.orderId}
          onChange={(orderId) => setFilters({ orderId })}
        />
      </Space>
      <DataTable<OrderView>
        {...tableProps}
        // Fits a 1440 px screen whole (the two times share a column, as on 报名缴费管理); narrower, it scrolls.
        scroll={{ x: 1140 }}
        columns={[
          { title: '订单号', dataIndex: 'orderId', width: 220 },
          { title: '金额（元）', dataIndex: 'totalAmountY', width: 100, align: 'right' },
          { title: '状态', dataIndex: 'status', width: 84, render: (status: number) => <OrderStatusTag status={status} /> },
          { title: '订单类型', dataIndex: 'type', width: 104, render: (type: number) => orderTypeLabel(type) },
          { title: '订单名称', dataIndex: 'name', ellipsis: { showTitle: true } },
          { title: '支付方式', dataIndex: 'payChannel', width: 130, render: (_: number | null, order) => <PayChannel order={order} /> },
          {
            title: '下单 / 支付时间',
            key: 'times',
            width: 200,
            render: (_: unknown, order) => <OrderTimes createdAt={order.createdAt} paidAt={order.paidAt} />,
          },
          ...actionsColumn<OrderView>(true, {
            width: 130,
            render: (order) => (
              <Space size={12}>
                <ActionLink onClick={() => setShowing(order.id)}>详情</ActionLink>
                {order.status === 0 && (
                  <>
                    <ActionLink onClick={() => pay(order)}>去支付</ActionLink>
                    <Popconfirm
                      title={`关闭订单 ${order.orderId}？`}
                      description="关闭后该订单不能再支付。"
                      okText="关闭订单"
                      cancelText="取消"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => announce(close.mutateAsync({ id: order.id }), '订单已关闭')}
                    >
                      <ActionLink type="danger">关闭</ActionLink>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          }),
        ]}
      />
      {showing !== undefined && <OrderDetailDrawer id={showing} onClose={() => setShowing(undefined)} />}
      {dialog}
    </Card>
  );
}
