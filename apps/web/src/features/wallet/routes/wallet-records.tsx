import { WalletOutlined } from '@ant-design/icons';
import { LEDGER_TYPES, type LedgerRow, type LedgerType, formatYuan } from '@zhaokao/contracts';
import { Card, DatePicker, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSessionUser } from '../../../lib/session';
import { useWalletLedger } from '../api/get-ledger';
import { useCompanyWallet } from '../api/get-wallet';

const TYPE_COLOURS: Record<LedgerType, string> = { recharge: 'green', payment: 'blue', refund: 'orange', adjust: 'purple' };

export default function WalletRecordsPage() {
  const { data: user } = useSessionUser();
  const { data: wallet } = useCompanyWallet(user?.company.id);
  const [filters, setFilters] = useState<{ type?: LedgerType; startDate?: string; endDate?: string }>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useWalletLedger({ ...filters, ...page });

  const filter = (patch: typeof filters) => {
    setFilters({ ...filters, ...patch });
    setPage({ ...page, pageNum: 1 });
  };

  return (
    <>
      <Card className="page-card">
        <Statistic
          title="单位钱包余额"
          prefix={<WalletOutlined />}
          value={wallet ? formatYuan(wallet.totalBalance) : '—'}
        />
      </Card>
      <Card className="page-card" title="收支明细">
        <Space wrap style={{ marginBottom: 12 }}>
          <Select<LedgerType>
            allowClear
            placeholder="全部类型"
            aria-label="收支类型"
            style={{ width: 140 }}
            options={Object.entries(LEDGER_TYPES).map(([value, label]) => ({ value: value as LedgerType, label }))}
            onChange={(type) => filter({ type })}
          />
          <DatePicker.RangePicker
            aria-label="日期范围"
            onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
              filter({
                startDate: range?.[0]?.format('YYYY-MM-DD'),
                endDate: range?.[1]?.format('YYYY-MM-DD'),
              })
            }
          />
        </Space>
        <Table<LedgerRow>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.list}
          scroll={{ x: 900 }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
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
                <Typography.Text type={cents < 0 ? 'danger' : 'success'}>
                  {cents > 0 ? '+' : '-'}
                  {formatYuan(Math.abs(cents)).slice(1)}
                </Typography.Text>
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
