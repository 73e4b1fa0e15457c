import {
  COURIER_FEES, INVOICE_KINDS, type InvoiceKind, type InvoiceRow, formatYuan, isUnifiedCreditCode,
  saveCompanyInvoice, yuanToCents,
} from '@zhaokao/contracts';
import { Button, Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { Suspense, lazy } from 'react';
import { TextField } from '../../../components/TextField';
import { showSuccess, succeeded } from '../../../lib/api-client';
import { rulesOf } from '../../../lib/form-rules';
import { useCourierFee, useSaveInvoice } from '../api/order-api';

/** Shown only while nothing can be invoiced: its code loads then. */
const Alert = lazy(() => import('antd/es/alert'));

export interface InvoiceFormValues {
  amountY: string;
  title: string;
  taxNo: string;
  kind: InvoiceKind;
  email: string;
  receiverName: string;
  receiverPhone: string;
  province: string;
  receiverAddress: string;
}

const KIND_OPTIONS = (Object.keys(INVOICE_KINDS) as InvoiceKind[]).map((value) => ({ value, label: INVOICE_KINDS[value] }));
const PROVINCE_OPTIONS = Object.keys(COURIER_FEES).map((p) => ({ value: p, label: p }));

/** Values the contract takes for every field but the one being checked, so that its cross-field check judges that field alone. */
const SAMPLE: InvoiceFormValues = {
  amountY: '1',
  title: '发票抬头',
  taxNo: [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].map((c) => `91430104MA4L12345${c}`).find(isUnifiedCreditCode)!,
  kind: 'electronic',
  email: 'finance@example.com',
  receiverName: '收件人',
  receiverPhone: '13800000000',
  province: '湖南省',
  receiverAddress: '收件地址',
};

/**
 * A field the contract checks against the invoice kind (the e-invoice's email, a paper invoice's receiver): the
 * contract's own message for that field, as the server would give it.
 */
const kindRule =
  (field: keyof InvoiceFormValues): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_, value: unknown) => {
      const probe = { ...SAMPLE, kind: getFieldValue('kind') as InvoiceKind, [field]: value ?? '' };
      const issue = saveCompanyInvoice.input.safeParse(probe).error?.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });

interface Props {
  /** The paid amount not yet invoiced, in cents. */
  limit: number;
  defaultTitle: string;
  /** A paper invoice's courier fee order, to pay now. */
  onFeeOrder(invoice: InvoiceRow): void;
}

/** 申请发票's form: amount up to the limit, title and tax number, then an email or where to post the paper invoice. */
export function InvoiceApplyForm({ limit, defaultTitle, onFeeOrder }: Props) {
  const [form] = Form.useForm<InvoiceFormValues>();
  const kind = Form.useWatch('kind', form) ?? 'electronic';
  const province = Form.useWatch('province', form);
  const { data: courier } = useCourierFee(province);
  const save = useSaveInvoice();
  const paper = kind === 'paper';

  const withinLimit: Rule = {
    validator: async (_, value: string | undefined) => {
      const cents = value ? yuanToCents(value) : null;
      if (cents !== null && cents > limit) throw new Error(`开票金额最多 ${formatYuan(limit)}`);
    },
  };

  async function submit(values: InvoiceFormValues) {
    let invoice: InvoiceRow | undefined;
    const ok = await succeeded(save.mutateAsync(values).then((saved) => (invoice = saved)));
    if (!ok || !invoice) return;
    form.setFieldValue('amountY', undefined);
    if (invoice.feeOrder && invoice.feeOrder.status === 0) {
      showSuccess('发票申请已提交，请支付快递费');
      onFeeOrder(invoice);
    } else {
      showSuccess('发票申请已提交，开具后可在发票详情中查看');
    }
  }

  return (
    <Form<InvoiceFormValues>
      name="invoiceApply"
      form={form}
      layout="vertical"
      initialValues={{ kind: 'electronic', title: defaultTitle }}
      onFinish={submit}
      disabled={limit <= 0}
      style={{ maxWidth: 880 }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="开票金额"
            name="amountY"
            rules={[...rulesOf(saveCompanyInvoice, 'amountY', true), withinLimit]}
            extra={
              <>
                最多可开 {formatYuan(limit)}
                {limit > 0 && (
                  <Button type="link" size="small" onClick={() => form.setFieldValue('amountY', (limit / 100).toFixed(2))}>
                    全部开票
                  </Button>
                )}
              </>
            }
          >
            <Input inputMode="decimal" suffix="元" maxLength={13} placeholder="如 1000.00" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="发票类型" name="kind">
            <Radio.Group aria-label="发票类型" options={KIND_OPTIONS} />
          </Form.Item>
        </Col>
        <TextField ep={saveCompanyInvoice} name="title" label="发票抬头" required span="half" />
        <Col xs={24} sm={12}>
          <Form.Item
            label="纳税人识别号"
            name="taxNo"
            rules={rulesOf(saveCompanyInvoice, 'taxNo', true)}
            extra="18 位统一社会信用代码"
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input maxLength={18} autoComplete="off" />
          </Form.Item>
        </Col>
        {!paper ? (
          <Col xs={24} sm={12}>
            <Form.Item label="接收邮箱" name="email" required rules={[kindRule('email')]} extra="电子发票开具后发送到这个邮箱，也可在发票详情中下载">
              <Input type="email" maxLength={100} autoComplete="email" />
            </Form.Item>
          </Col>
        ) : (
          <>
            <Col xs={24} sm={12}>
              <Form.Item label="收件人" name="receiverName" required rules={[kindRule('receiverName')]}>
                <Input maxLength={30} autoComplete="name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="联系电话" name="receiverPhone" required rules={[kindRule('receiverPhone')]}>
                <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                label="所在省份"
                name="province"
                required
                rules={[kindRule('province')]}
                extra={courier ? `寄往${courier.province}的快递费 ${formatYuan(courier.fee)}，提交后支付` : '快递费按省份收取，提交后支付'}
              >
                <Select aria-label="所在省份" showSearch={{ optionFilterProp: 'label' }} placeholder="请选择省份" options={PROVINCE_OPTIONS} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="详细地址" name="receiverAddress" required rules={[kindRule('receiverAddress')]}>
                <Input maxLength={200} autoComplete="street-address" />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      {limit <= 0 && (
        <Suspense fallback={null}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="暂无可开票金额"
            description="通过微信支付或支付宝支付的订单（含钱包充值）可申请开票；使用钱包余额支付的订单，其金额已随充值订单开票。"
          />
        </Suspense>
      )}
      <Typography.Paragraph type="secondary">发票由平台开具，开具后可在下方开票记录的“查看”中下载电子发票或查看快递单号。</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {paper ? '提交并支付快递费' : '提交申请'}
      </Button>
    </Form>
  );
}
