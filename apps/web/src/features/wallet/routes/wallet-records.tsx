import { WalletOutlined } from '@ant-design/icons';
import { LEDGER_TYPES, type LedgerRow, type LedgerType, formatYuan, walletLedgerList } from '@zhaokao/contracts';
import { Button, Card, DatePicker, Space, Statistic, Tag, theme } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import dayjs, { type Dayjs } from 'dayjs';
import { SelectFilter } from '../../../components/SelectFilter';
import { lazyModal } from '../../../components/lazy-modal';
import { LazyPaymentDialog } from '../../../components/payment/LazyPaymentDialog';
import { useHasPermission, useSessionUser } from '../../../lib/session';
import { usePagedList } from '../../../lib/use-paged-list';
import { useCompanyWallet } from '../api/wallet-api';
import { formatTime } from '../../../lib/time';

const LEDGER_TYPE_LIST = Object.keys(LEDGER_TYPES) as LedgerType[];
const TYPE_OPTIONS = LEDGER_TYPE_LIST.map((value) => ({ value, label: LEDGER_TYPES[value] }));
const RechargeModal = lazyModal(() => import('../components/RechargeModal').then((m) => m.RechargeModal));
const TYPE_COLOURS: Record<LedgerType, string> = { recharge: 'green', payment: 'blue', refund: 'orange', adjust: 'purple' };

export default function WalletRecordsPage() {
  const { token } = theme.useToken();
  const { data: user } = useSessionUser();
  const { data: wallet } = useCompanyWallet(user?.company.id);
  const canRecharge = useHasPermission(['order:manage']);
  const [recharging, setRecharging] = useState(false);
  const [paying, setPaying] = useState<string>();
  const { filters, setFilters, bind, tableProps } = usePagedList(walletLedgerList, {
    label: '收支明细列表',
    filters: { type: LEDGER_TYPE_LIST, startDate: 'date', endDate: 'date' },
    showTotal: (total) => `共 ${total} 条`,
  });

  return (
    <>
      <Card className="page-card">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} align="end" wrap>
          <Statistic
            title="单位钱包余额"
            prefix={<WalletOutlined />}
            value={wallet ? formatYuan(wallet.totalBalance) : '—'}
          />
          {canRecharge && (
            <Button type="primary" onClick={() => setRecharging(true)}>
              充值
            </Button>
          )}
        </Space>
      </Card>
      {recharging && (
        <RechargeModal
          onClose={() => setRecharging(false)}
          onOrdered={(orderId) => {
            setRecharging(false);
            setPaying(orderId);
          }}
        />
      )}
      {/* SPEC §9: a recharge is never paid from the wallet. */}
      <LazyPaymentDialog orderId={paying} allowWallet={false} onClose={() => setPaying(undefined)} />
      <Card className="page-card" title="收支明细">
        <Space wrap style={{ marginBottom: 12 }}>
          <SelectFilter label="收支类型" placeholder="全部类型" width={140} {...bind('type')} options={TYPE_OPTIONS} />
          <DatePicker.RangePicker
            aria-label="日期范围"
            value={filters.startDate && filters.endDate ? [dayjs(filters.startDate), dayjs(filters.endDate)] : null}
            onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
              setFilters({
                startDate: range?.[0]?.format('YYYY-MM-DD'),
                endDate: range?.[1]?.format('YYYY-MM-DD'),
              })
            }
          />
        </Space>
        <DataTable<LedgerRow> {...tableProps} scroll={{ x: 900 }} columns={[
            { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
            {
              title: '类型',
              dataIndex: 'type',
              width: 90,
              render: (t: LedgerType) => <Tag color={TYPE_COLOURS[t]}>{LEDGER_TYPES[t]}</Tag>,
            },
            {
              title: '金额（元）',
              dataIndex: 'amount',
              width: 140,
              align: 'right',
              render: (cents: number) => (
                // Typography.Text's danger and success colours, without loading Typography
                <span style={{ color: cents < 0 ? token.colorErrorText : token.colorSuccessText }}>
                  {cents > 0 ? '+' : '-'}
                  {formatYuan(Math.abs(cents)).slice(1)}
                </span>
              ),
            },
            { title: '余额（元）', dataIndex: 'balanceAfter', width: 140, align: 'right', render: (c: number) => formatYuan(c).slice(1) },
            { title: '订单号', dataIndex: 'orderNo', width: 190, render: (v: string) => v || '—' },
            { title: '说明', dataIndex: 'remark', ellipsis: true },
            { title: '操作人', dataIndex: 'operatorName', width: 100, render: (v: string) => v || '—' },
          ]}
        />
      </Card>
    </>
  );
}
