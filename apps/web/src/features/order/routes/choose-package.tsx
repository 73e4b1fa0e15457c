import { CheckCircleFilled } from '@ant-design/icons';
import { type MealItem, companyBuyMeal } from '@zhaokao/contracts';
import { Button, Card, Col, Empty, Radio, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyPaymentDialog } from '../../../components/payment/LazyPaymentDialog';
import { usePlaceOrder } from '../../../components/payment/use-place-order';
import { call } from '../../../lib/api-client';
import { useSetMealList } from '../api/get-set-meal-list';
import { TaxNotice } from '../components/TaxNotice';
import { durationText, yuanText } from '../components/price-text';

const priceKey = (p: { time: number; timeType: number }) => `${p.time}-${p.timeType}`;

/** 购买套餐: every package with its prices; buying one makes a type-7 order and opens the payment dialog. */
export default function ChoosePackagePage() {
  const { data: meals, isLoading } = useSetMealList();
  const [paying, setPaying] = useState<string>();
  const navigate = useNavigate();

  return (
    <Card className="page-card" title="购买套餐">
      <TaxNotice />
      {isLoading ? (
        <Skeleton active />
      ) : !meals?.length ? (
        <Empty description="暂无可购买的套餐" />
      ) : (
        <Row gutter={[16, 16]}>
          {meals.map((meal) => (
            <Col key={meal.id} xs={24} md={12} xl={8}>
              <MealCard meal={meal} onOrdered={setPaying} />
            </Col>
          ))}
        </Row>
      )}
      <LazyPaymentDialog orderId={paying} onClose={() => setPaying(undefined)} onPaid={() => navigate('/setting/mealBuy')} />
    </Card>
  );
}

function MealCard({ meal, onOrdered }: { meal: MealItem; onOrdered(orderId: string): void }) {
  const [chosen, setChosen] = useState(meal.prices[0] ? priceKey(meal.prices[0]) : undefined);
  const { place, placing } = usePlaceOrder();
  const price = meal.prices.find((p) => priceKey(p) === chosen);

  async function buy() {
    if (!price) return;
    const order = await place({ mealId: meal.id, time: price.time, timeType: price.timeType }, (choice, token) =>
      call(companyBuyMeal, { ...choice, token }),
    );
    if (order) onOrdered(order.orderId);
  }

  return (
    <Card
      type="inner"
      title={meal.name}
      role="region"
      aria-label={meal.name}
      style={{ height: '100%' }}
      actions={[
        <Button key="buy" type="primary" disabled={!price} loading={placing} onClick={() => void buy()}>
          立即购买
        </Button>,
      ]}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {meal.description && <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{meal.description}</Typography.Paragraph>}
        <div>
          {meal.functionList.map((f) => (
            <div key={f.code}>
              <CheckCircleFilled style={{ color: '#52c41a', marginRight: 6 }} aria-hidden />
              {f.name}
            </div>
          ))}
        </div>
        <Radio.Group
          aria-label={`${meal.name}时长`}
          value={chosen}
          onChange={(e) => setChosen(e.target.value as string)}
          optionType="button"
          options={meal.prices.map((p) => ({ value: priceKey(p), label: durationText(p.time, p.timeType) }))}
        />
        <div>
          {price ? (
            <Typography.Text strong style={{ fontSize: 22, color: '#cf1322' }}>
              {yuanText(price.priceY)}
            </Typography.Text>
          ) : (
            <Tag>暂无价格</Tag>
          )}
        </div>
      </Space>
    </Card>
  );
}
