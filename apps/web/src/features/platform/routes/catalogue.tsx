import { PlusOutlined } from '@ant-design/icons';
import { TIME_TYPES } from '@zhaokao/contracts';
import { Button, Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { useCatalogue } from '../api/platform-api';
import { FunctionPricesModal } from '../components/FunctionPricesModal';
import { MealModal } from '../components/MealModal';

type Catalogue = NonNullable<ReturnType<typeof useCatalogue>['data']>;
type FunctionRow = Catalogue['functions'][number];
type MealRow = Catalogue['meals'][number];

/** A length of time as it is read: 6 个月, 1 年. */
const LENGTH_UNITS: Record<number, string> = { 1: '天', 2: '个月', 3: '年' };
const unitName = (timeType: number) => LENGTH_UNITS[timeType] ?? '';
const UNITS = [1, 2, 3] as const;

/** 价格与套餐: what companies can buy, at which prices. */
export default function PlatformCataloguePage() {
  const catalogue = useCatalogue();
  const [editing, setEditing] = useState<FunctionRow | null>(null);
  const [meal, setMeal] = useState<MealRow | 'new' | null>(null);
  const functions = catalogue.data?.functions ?? [];
  const nameOf = (code: string) => functions.find((f) => f.code === code)?.name ?? code;

  return (
    <>
      <Card title="功能项价格">
        <DataTable<FunctionRow>
          label="功能项价格列表"
          rowKey="code"
          loading={catalogue.isFetching}
          dataSource={functions}
          pagination={false}
          scroll={{ x: 820 }}
          columns={[
            { title: '功能项', dataIndex: 'name', width: 150 },
            { title: '说明', dataIndex: 'description', ellipsis: true },
            { title: '额度', dataIndex: 'quota', width: 90, render: (q: number | null) => (q === null ? '—' : `${q} 次`) },
            ...UNITS.map((unit) => ({
              title: `按${TIME_TYPES[unit]}（元）`,
              key: `unit${unit}`,
              width: 120,
              align: 'right' as const,
              render: (_: unknown, row: FunctionRow) => row.prices.find((p) => p.timeType === unit)?.priceY ?? '不出售',
            })),
            {
              title: '操作',
              key: 'actions',
              width: 100,
              fixed: 'right',
              render: (_, row) => (
                <ActionLink aria-label={`编辑价格：${row.name}`} onClick={() => setEditing(row)}>
                  编辑价格
                </ActionLink>
              ),
            },
          ]}
        />
      </Card>
      <Card
        title="套餐"
        style={{ marginTop: 16 }}
        extra={
          <Button type="primary" icon={<PlusOutlined />} disabled={!catalogue.data} onClick={() => setMeal('new')}>
            新增套餐
          </Button>
        }
      >
        <DataTable<MealRow>
          label="套餐列表"
          rowKey="id"
          loading={catalogue.isFetching}
          dataSource={catalogue.data?.meals}
          pagination={false}
          scroll={{ x: 1000 }}
          columns={[
            { title: '套餐名称', dataIndex: 'name', width: 130 },
            { title: '说明', dataIndex: 'description', ellipsis: true },
            {
              title: '包含功能项',
              dataIndex: 'functionCodes',
              width: 220,
              render: (codes: string[]) => (
                <Space size={[0, 4]} wrap>
                  {codes.map((c) => (
                    <Tag key={c}>{nameOf(c)}</Tag>
                  ))}
                </Space>
              ),
            },
            {
              title: '价格',
              dataIndex: 'prices',
              width: 170,
              render: (prices: MealRow['prices']) => (
                <div>
                  {prices.map((p) => (
                    <div key={`${p.time}/${p.timeType}`}>{`${p.time} ${unitName(p.timeType)}：¥${p.priceY}`}</div>
                  ))}
                </div>
              ),
            },
            {
              title: '状态',
              dataIndex: 'enabled',
              width: 80,
              render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? '上架' : '停用'}</Tag>,
            },
            { title: '订单数', dataIndex: 'orderCount', width: 80, align: 'right' },
            { title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
            {
              title: '操作',
              key: 'actions',
              width: 80,
              fixed: 'right',
              render: (_, row) => (
                <ActionLink aria-label={`编辑套餐：${row.name}`} onClick={() => setMeal(row)}>
                  编辑
                </ActionLink>
              ),
            },
          ]}
        />
      </Card>
      {editing && <FunctionPricesModal item={editing} onClose={() => setEditing(null)} />}
      {meal && <MealModal meal={meal === 'new' ? null : meal} functions={functions} onClose={() => setMeal(null)} />}
    </>
  );
}
