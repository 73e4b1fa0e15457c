import { MAX_RECHARGE_YUAN, saveCompanyRecharge } from '@zhaokao/contracts';
import { Form, Input, Modal, Typography } from 'antd';
import { usePlaceOrder } from '../../../components/payment/use-place-order';
import { call } from '../../../lib/api-client';
import { rulesOf } from '../../../lib/form-rules';

/** 充值: the amount to add to the wallet; makes a type-8 order for the payment dialog. */
export function RechargeModal({ onClose, onOrdered }: { onClose(): void; onOrdered(orderId: string): void }) {
  const [form] = Form.useForm<{ amountY: string }>();
  const { place, placing } = usePlaceOrder();

  async function submit({ amountY }: { amountY: string }) {
    const order = await place({ amountY: amountY.trim() }, (choice, token) => call(saveCompanyRecharge, { ...choice, token }));
    if (order) onOrdered(order.orderId);
  }

  return (
    <Modal open title="钱包充值" okText="下一步" confirmLoading={placing} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="wallet-recharge" layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item label="充值金额（元）" name="amountY" rules={rulesOf(saveCompanyRecharge, 'amountY', true)}>
          <Input inputMode="decimal" placeholder={`最多 ${MAX_RECHARGE_YUAN} 元，最多两位小数`} autoFocus />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">充值订单可使用微信支付或支付宝扫码支付，不能使用钱包余额支付。</Typography.Text>
    </Modal>
  );
}
