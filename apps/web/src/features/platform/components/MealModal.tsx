import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type CatalogueMeal, TIME_TYPES, platformSaveMeal, yuanAmountSchema } from '@zhaokao/contracts';
import type { z } from 'zod';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { fieldRules, rulesOf } from '../../../lib/form-rules';
import { useSaveMeal } from '../api/platform-api';

/** What the form edits: the package as listed, less what the server keeps. */
type Values = Omit<CatalogueMeal, 'id' | 'orderCount'>;

const UNIT_OPTIONS = ([1, 2, 3] as const).map((value) => ({ value, label: TIME_TYPES[value] }));
const priceRules = fieldRules(yuanAmountSchema('价格', 1_000_000) as z.ZodType, true);

/** Adds a package, or edits one: its items, its prices for lengths of time, whether it is on sale. */
export function MealModal({
  meal,
  functions,
  onClose,
}: {
  meal: CatalogueMeal | null;
  functions: { code: string; name: string }[];
  onClose(): void;
}) {
  const save = useSaveMeal();
  const initialValues: Values = meal
    ? { ...meal }
    : { name: '', description: '', enabled: true, sort: 0, functionCodes: [], prices: [{ time: 1, timeType: 3, priceY: '' }] };
  return (
    <FormModal<Values>
      name="platform-meal"
      title={meal ? `编辑套餐：${meal.name}` : '新增套餐'}
      width={640}
      initialValues={initialValues}
      savedMessage="套餐已保存"
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={(values) => save.mutateAsync({ ...values, id: meal?.id, prices: values.prices.map((p) => ({ ...p, priceY: p.priceY.trim() })) })}
    >
      <TextField ep={platformSaveMeal} name="name" label="套餐名称" required />
      <TextField ep={platformSaveMeal} name="description" label="套餐说明" rows={2} showCount />
      <Form.Item label="包含功能项" name="functionCodes" rules={rulesOf(platformSaveMeal, 'functionCodes', true)}>
        <Checkbox.Group options={functions.map((f) => ({ value: f.code, label: f.name }))} />
      </Form.Item>
      <Form.List
        name="prices"
        rules={[{ validator: async (_, list: unknown[]) => (list?.length ? undefined : Promise.reject(new Error('请至少添加一个价格'))) }]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Form.Item label="价格" required>
            {fields.map((field, i) => (
              <Space key={field.key} align="baseline" wrap style={{ display: 'flex', marginBottom: 4 }}>
                <Form.Item name={[field.name, 'time']} rules={[{ required: true, message: '请填写时长' }]} style={{ marginBottom: 8 }}>
                  <InputNumber aria-label={`第 ${i + 1} 个价格的时长`} min={1} max={120} precision={0} style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'timeType']} rules={[{ required: true, message: '请选择单位' }]} style={{ marginBottom: 8 }}>
                  <Select aria-label={`第 ${i + 1} 个价格的时长单位`} options={UNIT_OPTIONS} style={{ width: 80 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'priceY']} rules={priceRules} style={{ marginBottom: 8 }}>
                  <Input aria-label={`第 ${i + 1} 个价格（元）`} inputMode="decimal" maxLength={12} suffix="元" style={{ width: 160 }} />
                </Form.Item>
                <Button type="text" aria-label={`删除第 ${i + 1} 个价格`} icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= 10} onClick={() => add({ time: 1, timeType: 2, priceY: '' })}>
              添加价格
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
        )}
      </Form.List>
      <Space size="large" wrap>
        <Form.Item label="排序" name="sort" extra="数字小的排在前面">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item label="上架销售" name="enabled" valuePropName="checked">
          <Switch checkedChildren="上架" unCheckedChildren="停用" />
        </Form.Item>
      </Space>
    </FormModal>
  );
}
