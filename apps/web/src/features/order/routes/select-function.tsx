import { type FunctionItem, companyBuyFunction } from '@zhaokao/contracts';
import { Button, Card, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyPaymentDialog } from '../../../components/payment/LazyPaymentDialog';
import { usePlaceOrder } from '../../../components/payment/use-place-order';
import { call } from '../../../lib/api-client';
import { useCompanyRights } from '../api/company-rights';
import { useFunctionList } from '../api/get-function-list';
import { useFunctionPrice } from '../api/get-function-price';
import { useSelectableTableArea } from '../../../lib/use-selectable-table-area';
import { TaxNotice } from '../components/TaxNotice';
import { unitName, yuanText } from '../components/price-text';

const MAX_TIME = 120;

/** 购买功能项 / 单购功能项: function items with their prices by time unit; buying makes a type-6 order and opens the payment dialog. */
export default function SelectFunctionPage() {
  const { data: items, isLoading } = useFunctionList();
  const { data: rights } = useCompanyRights();
  const [selected, setSelected] = useState<string[]>([]);
  const [time, setTime] = useState<number | null>(1);
  const [timeType, setTimeType] = useState<number>();
  const [paying, setPaying] = useState<string>();
  const { place, placing } = usePlaceOrder();
  const navigate = useNavigate();
  const tableArea = useSelectableTableArea();

  const chosen = (items ?? []).filter((item) => selected.includes(item.code));
  // Only the units every chosen item is sold by can be bought together.
  const units = [1, 2, 3].filter((unit) => chosen.length > 0 && chosen.every((item) => item.prices.some((p) => p.timeType === unit)));
  const unit = timeType !== undefined && units.includes(timeType) ? timeType : units.at(-1);
  const validTime = time !== null && Number.isInteger(time) && time >= 1 && time <= MAX_TIME;
  const choice = unit !== undefined && validTime && selected.length > 0 ? { functionList: selected, time, timeType: unit } : undefined;
  const { data: price, isFetching } = useFunctionPrice(choice);

  const heldUntil = (code: string) =>
    rights?.filter((r) => r.functionCode === code && r.state !== 'expired').map((r) => r.validUntil).sort().at(-1);

  async function buy() {
    if (!choice) return;
    const order = await place(choice, (c, token) => call(companyBuyFunction, { ...c, token }));
    if (order) setPaying(order.orderId);
  }

  return (
    <Card className="page-card" title="购买功能项">
      <TaxNotice />
      <div ref={tableArea}>
        <Table<FunctionItem>
          rowKey="code"
          loading={isLoading}
          dataSource={items}
          pagination={false}
          scroll={{ x: 760 }}
          aria-label="功能项列表"
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          columns={[
            { title: '功能项', dataIndex: 'name', width: 160 },
            { title: '说明', dataIndex: 'description' },
            {
              title: '价格',
              dataIndex: 'prices',
              width: 260,
              render: (prices: FunctionItem['prices']) => (
                <Space wrap size={4}>
                  {prices.map((p) => (
                    <Tag key={p.timeType}>
                      {yuanText(p.priceY)} / {unitName(p.timeType)}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            {
              title: '当前状态',
              key: 'held',
              width: 170,
              render: (_, item) => {
                const until = heldUntil(item.code);
                return until ? <Tag color="green">已购买，{formatTime(until, 'YYYY-MM-DD')} 到期</Tag> : <Tag>未购买</Tag>;
              },
            },
          ]}
        />
      </div>
      <Space wrap size={16} style={{ marginTop: 20, width: '100%', justifyContent: 'flex-end' }}>
        <span>已选 {chosen.length} 项</span>
        <Space size={8}>
          购买时长
          <InputNumber aria-label="购买时长" min={1} max={MAX_TIME} precision={0} value={time} onChange={setTime} style={{ width: 90 }} />
          <Select
            aria-label="时长单位"
            style={{ width: 80 }}
            value={unit}
            disabled={units.length === 0}
            placeholder="单位"
            onChange={setTimeType}
            options={units.map((u) => ({ value: u, label: unitName(u) }))}
          />
        </Space>
        <span>
          合计：
          <Typography.Text strong style={{ fontSize: 20, color: '#cf1322' }}>
            {choice && price ? yuanText(price.priceY) : '—'}
          </Typography.Text>
        </span>
        <Button type="primary" disabled={!choice || !price || isFetching} loading={placing} onClick={() => void buy()}>
          立即购买
        </Button>
      </Space>
      {selected.length > 0 && units.length === 0 && (
        <Typography.Paragraph type="danger" style={{ textAlign: 'right', marginTop: 8 }}>
          所选功能项没有共同的计价单位，请分开购买。
        </Typography.Paragraph>
      )}
      <LazyPaymentDialog orderId={paying} onClose={() => setPaying(undefined)} onPaid={() => navigate('/setting/mealBuy')} />
    </Card>
  );
}
