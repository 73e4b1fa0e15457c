import { TIME_TYPES, type TimeType, yuanAmountSchema } from '@zhaokao/contracts';
import type { z } from 'zod';
import { Form, Input, Typography } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { fieldRules } from '../../../lib/form-rules';
import { useSaveFunctionPrices } from '../api/platform-api';

type CatalogueFunction = { code: string; name: string; description: string; prices: { timeType: number; priceY: string }[] };
type Values = Partial<Record<`unit${TimeType}`, string>>;

const UNITS = [1, 2, 3] as const;
const priceRules = fieldRules(yuanAmountSchema('价格', 1_000_000) as z.ZodType);

/** A function item's price per day, month and year; a unit left empty is not sold. */
export function FunctionPricesModal({ item, onClose }: { item: CatalogueFunction; onClose(): void }) {
  const save = useSaveFunctionPrices();
  const initialValues: Values = Object.fromEntries(item.prices.map((p) => [`unit${p.timeType}`, p.priceY]));
  return (
    <FormModal<Values>
      name="platform-function-prices"
      title={`编辑价格：${item.name}`}
      initialValues={initialValues}
      savedMessage="价格已保存"
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={(values) =>
        save.mutateAsync({
          code: item.code,
          prices: UNITS.flatMap((unit) => {
            const priceY = values[`unit${unit}`]?.trim();
            return priceY ? [{ timeType: unit, priceY }] : [];
          }),
        })
      }
    >
      <Typography.Paragraph type="secondary">每 1 个时长单位的价格；留空表示该时长单位不出售。已下的订单不受影响。</Typography.Paragraph>
      {UNITS.map((unit) => (
        <Form.Item key={unit} label={`按${TIME_TYPES[unit]}价格（元）`} name={`unit${unit}`} rules={priceRules}>
          <Input inputMode="decimal" maxLength={12} placeholder="不出售" suffix={`元/${TIME_TYPES[unit]}`} />
        </Form.Item>
      ))}
    </FormModal>
  );
}
