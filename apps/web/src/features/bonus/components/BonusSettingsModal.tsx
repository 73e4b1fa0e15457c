import {
  BONUS_CATEGORIES_MAX, BONUS_CATEGORY_IN_USE, BONUS_CATEGORY_NAME_MAX, BONUS_STACKING_REQUIRED,
  type BonusSettingsView, SUCCESS_MESSAGES,
} from '@zhaokao/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input, InputNumber, Modal, Radio, Space, Tooltip, Typography } from 'antd';
import { showSuccess, succeeded } from '../../../lib/api-client';
import { useSaveBonusSettings } from '../api/save-bonus-settings';
import { STACKING_OPTIONS, capRules, categoryNameRules, categoryPointsRules, settingsSchema } from './bonus-words';

export interface BonusSettingsValues {
  cap: string | null;
  stacking: boolean;
  categories: { id?: number; name: string; points: string | null }[];
}

const valuesOf = (settings: BonusSettingsView): BonusSettingsValues => ({
  cap: settings.cap,
  stacking: settings.stacking,
  categories: settings.categories.map((c) => ({ id: c.id, name: c.name, points: c.points })),
});

/** 修改加分设置: the plan's cap, whether bonuses stack, and its categories (name, points), saved as a whole. */
export function BonusSettingsModal({ settings, onClose }: { settings: BonusSettingsView; onClose(): void }) {
  const [form] = Form.useForm<BonusSettingsValues>();
  const save = useSaveBonusSettings();

  const finish = async () => {
    // The whole store: the categories' ids have no field of their own.
    const values = form.getFieldsValue(true) as BonusSettingsValues;
    const input = {
      planId: settings.planId,
      cap: values.cap ?? '',
      stacking: values.stacking,
      categories: (values.categories ?? []).map((c) => ({ ...(c.id === undefined ? {} : { id: c.id }), name: (c.name ?? '').trim(), points: c.points ?? '' })),
    };
    // The checks across fields (points over the cap, a name twice) as the server makes them, shown on their fields.
    const checked = settingsSchema.safeParse(input);
    if (!checked.success) {
      const seen = new Set<string>();
      const fields = checked.error.issues.flatMap((issue) => {
        const name = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
        const key = name.join('.');
        if (seen.has(key) || name.length === 0) return [];
        seen.add(key);
        return [{ name: name as (string | number)[], errors: [issue.message] }];
      });
      form.setFields(fields as Parameters<typeof form.setFields>[0]);
      return;
    }
    if (await succeeded(save.mutateAsync(input))) {
      showSuccess(SUCCESS_MESSAGES.saved);
      onClose();
    }
  };

  return (
    <Modal
      open
      title="加分设置"
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <BonusSettingsForm form={form} settings={settings} onFinish={finish} />
    </Modal>
  );
}

/** The settings' fields; a category that candidates hold cannot be deleted. */
export function BonusSettingsForm({
  form,
  settings,
  onFinish,
}: {
  form: FormInstance<BonusSettingsValues>;
  settings: BonusSettingsView;
  onFinish(): void;
}) {
  const grantedOf = (id: number | undefined) => settings.categories.find((c) => c.id === id)?.granted ?? 0;
  return (
  <Form<BonusSettingsValues> name="bonusSettings" form={form} layout="vertical" initialValues={valuesOf(settings)} onFinish={onFinish}>
    <Space size="large" wrap align="start">
      <Form.Item label="加分上限（分）" name="cap" rules={capRules} tooltip="每名考生加分合计不超过此分值">
        <InputNumber<string> stringMode min="0" max="100" precision={2} step="0.5" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="是否累加" name="stacking" rules={[{ required: true, message: BONUS_STACKING_REQUIRED }]}>
        <Radio.Group options={STACKING_OPTIONS} />
      </Form.Item>
    </Space>
    <Form.List name="categories">
      {(fields, { add, remove }) => (
        <Form.Item label="加分项目" style={{ marginBottom: 12 }}>
          {fields.length === 0 && <Typography.Text type="secondary">尚未设置加分项目</Typography.Text>}
          {fields.map((field, i) => {
            const id = form.getFieldValue(['categories', field.name, 'id']) as number | undefined;
            const granted = grantedOf(id);
            return (
              <Space key={field.key} align="baseline" wrap style={{ display: 'flex', marginBottom: 4 }}>
                <Form.Item name={[field.name, 'name']} rules={categoryNameRules} style={{ marginBottom: 8 }}>
                  <Input aria-label={`第 ${i + 1} 个加分项目名称`} placeholder="例如：退役士兵" maxLength={BONUS_CATEGORY_NAME_MAX} style={{ width: 220 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'points']} rules={categoryPointsRules} style={{ marginBottom: 8 }}>
                  <InputNumber<string>
                    aria-label={`第 ${i + 1} 个加分项目分值`}
                    stringMode
                    min="0"
                    max="100"
                    precision={2}
                    step="0.5"
                    suffix="分"
                    style={{ width: 130 }}
                  />
                </Form.Item>
                <Typography.Text type="secondary">{granted > 0 ? `${granted} 人在用` : '暂无考生'}</Typography.Text>
                <Tooltip title={granted > 0 ? BONUS_CATEGORY_IN_USE : undefined}>
                  <Button
                    type="text"
                    aria-label={`删除第 ${i + 1} 个加分项目`}
                    icon={<DeleteOutlined aria-hidden />}
                    disabled={granted > 0}
                    onClick={() => remove(field.name)}
                  />
                </Tooltip>
              </Space>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            disabled={fields.length >= BONUS_CATEGORIES_MAX}
            onClick={() => add({ name: '', points: null })}
          >
            添加加分项目
          </Button>
        </Form.Item>
      )}
    </Form.List>
    <Typography.Text type="secondary">已有岗位发布笔试成绩后，不能再修改加分上限、是否累加和分值。</Typography.Text>
  </Form>
  );
}
