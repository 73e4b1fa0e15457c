import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { type FeeOrderView, SUCCESS_MESSAGES, formatYuan, exportFeeOrderList, omsOrderList } from '@zhaokao/contracts';
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { PlanFilter } from '../../../components/PlanFilters';
import { lazyModal } from '../../../components/lazy-modal';
import { announce } from '../../../lib/api-client';
import { actionsColumn } from '../../../lib/columns';
import { usePagedList } from '../../../lib/use-paged-list';
import { useDeleteFeeOrders } from '../api/fee-order-api';
import { downloadFile, exportUrl } from '../../../lib/download';
import type { FeeOrderAction } from '../components/FeeOrderDrawer';
import { CloseOrderConfirm, FeeStatusTag, STATUS_OPTIONS, STATUS_VALUES, payWay, time } from '../components/fee-order-format';
import { OrderTimes } from '../components/OrderTimes';
import { useSelectableTableArea } from '../../../lib/use-selectable-table-area';

const FeeOrderDrawer = lazyModal(() => import('../components/FeeOrderDrawer').then((m) => m.FeeOrderDrawer));
const ConfirmOfflineModal = lazyModal(() => import('../components/FeeOrderModals').then((m) => m.ConfirmOfflineModal));
const MarkOfflineModal = lazyModal(() => import('../components/FeeOrderModals').then((m) => m.MarkOfflineModal));
const NoteModal = lazyModal(() => import('../components/FeeOrderModals').then((m) => m.NoteModal));
const ReceiverModal = lazyModal(() => import('../components/FeeOrderModals').then((m) => m.ReceiverModal));

/** 报名缴费管理 (navbar 考务费管理): the registration-fee orders of the company's plans. */
export default function FeeOrderListPage() {
  const { filters, bind, tableProps } = usePagedList(omsOrderList, {
    label: '报名缴费订单列表',
    filters: { planId: 'id', status: STATUS_VALUES, keyword: 'text' },
    showTotal: (total) => `共 ${total} 个订单`,
  });
  const remove = useDeleteFeeOrders();
  const [selected, setSelected] = useState<number[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [acting, setActing] = useState<{ action: FeeOrderAction; order: FeeOrderView } | null>(null);
  const [exporting, setExporting] = useState(false);
  const tableArea = useSelectableTableArea();

  const act = (action: FeeOrderAction, order: FeeOrderView) => setActing({ action, order });
  const stopActing = () => setActing(null);

  async function exportList() {
    setExporting(true);
    await downloadFile(exportUrl(exportFeeOrderList, { planId: filters.planId, status: filters.status, keyword: filters.keyword }, tableProps.pagination.total), '报名缴费.xlsx');
    setExporting(false);
  }

  async function deleteSelected() {
    if (await announce(remove.mutateAsync({ ids: selected }), SUCCESS_MESSAGES.deleted)) setSelected([]);
  }

  return (
    <Card className="page-card" title="报名缴费管理">
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanFilter width={260} {...bind('planId')} />
        <SelectFilter label="按订单状态筛选" placeholder="全部状态" width={130} {...bind('status')} options={STATUS_OPTIONS} />
        <SearchFilter label="搜索订单" placeholder="姓名、身份证号、手机号或订单号" width={280} {...bind('keyword')} />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList}>
          导出
        </Button>
        <Popconfirm
          title={`删除所选的 ${selected.length} 个订单？`}
          description="只有已关闭的订单可以删除"
          okText="删除"
          okButtonProps={{ danger: true }}
          disabled={selected.length === 0}
          onConfirm={deleteSelected}
        >
          <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
            批量删除{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
        </Popconfirm>
      </Space>
      <div ref={tableArea}>
        <DataTable<FeeOrderView>
          {...tableProps}
          scroll={{ x: 1480 }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys as number[]),
            getCheckboxProps: (row) => ({ 'aria-label': `选择订单${row.orderId}` }),
          }}
          columns={[
            { title: '订单号', dataIndex: 'orderId', width: 216, fixed: 'left' },
            {
              title: '考生',
              dataIndex: 'realName',
              width: 130,
              render: (name: string, row) => (
                <>
                  <div>{name}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.phone}
                  </Typography.Text>
                </>
              ),
            },
            {
              title: '招录计划 / 岗位',
              dataIndex: 'planName',
              width: 220,
              ellipsis: true,
              render: (plan: string, row) => (
                <>
                  <div title={plan} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {plan}
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.jobVacancy}
                  </Typography.Text>
                </>
              ),
            },
            { title: '金额（元）', dataIndex: 'totalAmount', width: 110, align: 'right', render: (cents: number) => formatYuan(cents).slice(1) },
            { title: '状态', dataIndex: 'status', width: 84, render: (status: number) => <FeeStatusTag status={status} /> },
            {
              title: '支付方式',
              key: 'payWay',
              width: 170,
              render: (_: unknown, row) => (
                <>
                  <div>{payWay(row) || '—'}</div>
                  {row.status === 1 && row.confirmedByName && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      确认人：{row.confirmedByName}
                    </Typography.Text>
                  )}
                </>
              ),
            },
            {
              title: '下单 / 支付时间',
              key: 'times',
              width: 180,
              render: (_: unknown, row) => <OrderTimes createdAt={row.createdAt} paidAt={row.paidAt} closedAt={row.closedAt} format={time} />,
            },
            { title: '备注', dataIndex: 'note', ellipsis: true, render: (note: string) => note || '—' },
            ...actionsColumn(true, {
              width: 210,
              render: (row: FeeOrderView) => (
                <Space size={12}>
                  <ActionLink aria-label={`详情：${row.orderId}`} onClick={() => setViewing(row.id)}>
                    详情
                  </ActionLink>
                  {row.status === 0 && (
                    <ActionLink aria-label={`确认缴费：${row.orderId}`} onClick={() => act('confirm', row)}>
                      确认缴费
                    </ActionLink>
                  )}
                  <ActionLink aria-label={`备注：${row.orderId}`} onClick={() => act('note', row)}>
                    备注
                  </ActionLink>
                  {row.status === 0 && (
                    <CloseOrderConfirm order={row}>
                      <ActionLink type="danger" aria-label={`关闭：${row.orderId}`}>
                        关闭
                      </ActionLink>
                    </CloseOrderConfirm>
                  )}
                </Space>
              ),
            }),
          ]}
        />
      </div>
      {viewing !== null && <FeeOrderDrawer id={viewing} onAct={act} onClose={() => setViewing(null)} />}
      {acting?.action === 'confirm' && <ConfirmOfflineModal order={acting.order} onClose={stopActing} />}
      {acting?.action === 'offline' && <MarkOfflineModal order={acting.order} onClose={stopActing} />}
      {acting?.action === 'note' && <NoteModal order={acting.order} onClose={stopActing} />}
      {acting?.action === 'receiver' && <ReceiverModal order={acting.order} onClose={stopActing} />}
    </Card>
  );
}
