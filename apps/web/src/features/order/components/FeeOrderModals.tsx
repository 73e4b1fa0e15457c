import {
  type FeeOrderView, OFFLINE_METHODS, type OfflineMethod, SUCCESS_MESSAGES, confirmOfflinePayment, formatYuan,
  omsOrderNote, omsOrderOffline, omsOrderReceiver,
} from '@zhaokao/contracts';
import { Alert, Form, Input, Radio } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { inputField, maxLengthOf, rulesOf } from '../../../lib/form-rules';
import {
  useConfirmOfflinePayment, useMarkFeeOrderOffline, useSaveFeeOrderNote, useSaveFeeOrderReceiver,
} from '../api/fee-order-api';

const METHOD_OPTIONS = (Object.keys(OFFLINE_METHODS) as OfflineMethod[]).map((value) => ({ value, label: OFFLINE_METHODS[value] }));

interface Props {
  order: FeeOrderView;
  onClose(): void;
}

/** Who and what: the order a dialog acts on. */
function OrderSummary({ order }: { order: FeeOrderView }) {
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      title={`${order.realName}　${formatYuan(order.totalAmount)}`}
      description={
        <>
          <div>
            {order.planName} · {order.jobVacancy}
          </div>
          <div>订单号 {order.orderId}</div>
        </>
      }
    />
  );
}

const CONFIRM_NOTE = inputField(confirmOfflinePayment, 'note');
/** What the server says of an empty note, which names what to write (收据号、转账流水号). */
const NOTE_EMPTY = CONFIRM_NOTE.safeParse('').error?.issues[0]?.message ?? true;

/** 确认线下缴费: the candidate paid at the counter or by bank transfer; staff say how, with a receipt or transfer number. */
export function ConfirmOfflineModal({ order, onClose }: Props) {
  const confirm = useConfirmOfflinePayment();
  return (
    <FormModal<{ method: OfflineMethod; note: string }>
      name="confirmFeeOffline"
      title="确认线下缴费"
      okText="确认已缴费"
      initialValues={{ method: (order.offlineMethod as OfflineMethod | null) ?? undefined }}
      onSubmit={(values) => confirm.mutateAsync({ id: order.id, ...values })}
      onCancel={onClose}
      onSaved={onClose}
      savedMessage={SUCCESS_MESSAGES.done}
    >
      <OrderSummary order={order} />
      <Form.Item label="缴费方式" name="method" rules={rulesOf(confirmOfflinePayment, 'method', true)}>
        <Radio.Group options={METHOD_OPTIONS} />
      </Form.Item>
      <Form.Item
        label="确认说明"
        name="note"
        extra="确认后订单即为已支付，并记录确认人，不能撤销"
        rules={rulesOf(confirmOfflinePayment, 'note', NOTE_EMPTY)}
      >
        <Input.TextArea rows={3} placeholder="收据号、转账流水号等" maxLength={maxLengthOf(CONFIRM_NOTE)} showCount />
      </Form.Item>
    </FormModal>
  );
}

/** 登记线下缴费: the candidate will pay at the counter; the order then stays open until confirmed or closed. */
export function MarkOfflineModal({ order, onClose }: Props) {
  const mark = useMarkFeeOrderOffline();
  return (
    <FormModal<{ offlineMethod: OfflineMethod }>
      name="markFeeOffline"
      title="登记线下缴费"
      initialValues={{ offlineMethod: (order.offlineMethod as OfflineMethod | null) ?? undefined }}
      onSubmit={(values) => mark.mutateAsync({ id: order.id, ...values })}
      onCancel={onClose}
      onSaved={onClose}
    >
      <OrderSummary order={order} />
      <Form.Item
        label="缴费方式"
        name="offlineMethod"
        extra="登记后订单不再超时自动关闭，考生线下缴费后再确认缴费"
        rules={rulesOf(omsOrderOffline, 'offlineMethod', true)}
      >
        <Radio.Group options={METHOD_OPTIONS} />
      </Form.Item>
    </FormModal>
  );
}

export function NoteModal({ order, onClose }: Props) {
  const save = useSaveFeeOrderNote();
  return (
    <FormModal<{ note: string }>
      name="feeOrderNote"
      title={`备注：${order.realName}`}
      initialValues={{ note: order.note }}
      onSubmit={({ note }) => save.mutateAsync({ id: order.id, note: note ?? '' })}
      onCancel={onClose}
      onSaved={onClose}
    >
      <Form.Item label="备注" name="note" rules={rulesOf(omsOrderNote, 'note')}>
        <Input.TextArea rows={4} maxLength={maxLengthOf(inputField(omsOrderNote, 'note'))} showCount />
      </Form.Item>
    </FormModal>
  );
}

const RECEIVER_NAME_MAX = maxLengthOf(inputField(omsOrderReceiver, 'receiverName'));
const RECEIVER_ADDRESS_MAX = maxLengthOf(inputField(omsOrderReceiver, 'receiverAddress'));

/** Where the candidate's receipt or papers are to be sent. */
export function ReceiverModal({ order, onClose }: Props) {
  const save = useSaveFeeOrderReceiver();
  return (
    <FormModal<{ receiverName: string; receiverPhone: string; receiverAddress: string }>
      name="feeOrderReceiver"
      title="收件信息"
      initialValues={{ receiverName: order.receiverName, receiverPhone: order.receiverPhone, receiverAddress: order.receiverAddress }}
      onSubmit={(values) => save.mutateAsync({ id: order.id, ...values })}
      onCancel={onClose}
      onSaved={onClose}
    >
      <Form.Item label="收件人" name="receiverName" rules={rulesOf(omsOrderReceiver, 'receiverName', true)}>
        <Input maxLength={RECEIVER_NAME_MAX} />
      </Form.Item>
      <Form.Item label="收件电话" name="receiverPhone" rules={rulesOf(omsOrderReceiver, 'receiverPhone', true)}>
        <Input maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item label="收件地址" name="receiverAddress" rules={rulesOf(omsOrderReceiver, 'receiverAddress', true)}>
        <Input.TextArea rows={2} maxLength={RECEIVER_ADDRESS_MAX} />
      </Form.Item>
    </FormModal>
  );
}
