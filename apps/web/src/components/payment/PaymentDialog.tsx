import {
  CHOOSE_PAY_CHANNEL, type OrderView, PAY_CHANNELS, SUCCESS_MESSAGES, TIME_TYPES, WALLET_CHANNEL,
  WALLET_SHORT, buyTalentFunction, companyOrderList, companyRightList, companyWallet, formatYuan, payByQr,
  syncCallback, walletLedgerList, walletPay,
} from '@zhaokao/contracts';
import { Alert, Button, Descriptions, Modal, QRCode, Radio, Result, Space, Spin, Steps, Tag, Typography } from 'antd';
import { formatTime } from '../../lib/time';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../lib/api-client';
import { useDict } from '../../lib/dict';
import { feedback } from '../../lib/feedback';
import { invalidateEndpoints, useEndpointQuery } from '../../lib/query';
import { useHasPermission, useSessionUser } from '../../lib/session';

type Props = {
  /** The order's business number (OrderView.orderId); the dialog is open while it is set. */
  orderId: string | undefined;
  /** SPEC §9: the wallet (radio value 3) is never offered for a recharge. */
  allowWallet?: boolean;
  onClose(): void;
  onPaid?(): void;
};

const POLL_MS = 2_000;
/** What a paid order changes: rights (the navbar's items), the wallet and its ledger, the order lists. */
const CHANGED_BY_PAYMENT = [buyTalentFunction, companyWallet, walletLedgerList, companyRightList, companyOrderList];

const timeText = (order: OrderView) =>
  order.time && order.timeType ? `${order.time} ${TIME_TYPES[order.timeType as keyof typeof TIME_TYPES] ?? ''}` : '—';

/** SPEC dialog 4: step 1 order info and the way to pay, step 2 the QR code to scan; closes by itself once paid. */
export function PaymentDialog({ orderId, allowWallet = true, onClose, onPaid }: Props) {
  return (
    <Modal
      open={orderId !== undefined}
      title="订单支付"
      width={640}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      {orderId !== undefined && <PaymentSteps key={orderId} orderId={orderId} allowWallet={allowWallet} onClose={onClose} onPaid={onPaid} />}
    </Modal>
  );
}

function PaymentSteps({ orderId, allowWallet, onClose, onPaid }: Required<Pick<Props, 'allowWallet'>> & Omit<Props, 'allowWallet'> & { orderId: string }) {
  const [step, setStep] = useState<0 | 1>(0);
  const [channel, setChannel] = useState<number>();
  const [paying, setPaying] = useState(false);
  const finished = useRef(false);
  const { data: user } = useSessionUser();
  const canUseWallet = useHasPermission(['wallet:pay']);
  const { data: payTypes } = useDict('sys_pay_type');
  const { data: order, refetch } = useEndpointQuery(
    syncCallback,
    { orderId },
    { refetchInterval: step === 1 ? POLL_MS : false, refetchIntervalInBackground: true, staleTime: 0, gcTime: 0 },
  );
  const walletOffered = allowWallet && canUseWallet && order !== undefined && order.type !== 8;
  const { data: wallet } = useEndpointQuery(companyWallet, walletOffered && user ? { id: user.company.id } : undefined, { staleTime: 0 });

  useEffect(() => {
    if (order?.status !== 1 || finished.current) return;
    finished.current = true;
    feedback.success(SUCCESS_MESSAGES.paid, 2);
    void invalidateEndpoints(CHANGED_BY_PAYMENT);
    onPaid?.();
    onClose();
  }, [order?.status, onClose, onPaid]);

  if (!order) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  if (order.status !== 0 && order.status !== 1) {
    return <Result status="warning" title="订单已关闭" subTitle={order.closeReason || '该订单已关闭，不能再支付'} extra={<Button onClick={onClose}>关闭</Button>} />;
  }

  const sandboxChannels = order.sandboxChannels ?? [];
  const channels = [
    ...(payTypes ?? []).map((entry) => ({
      value: Number(entry.value),
      label: sandboxChannels.includes(Number(entry.value)) ? `${entry.label}（沙箱测试）` : entry.label,
    })),
    ...(walletOffered ? [{ value: WALLET_CHANNEL, label: `${PAY_CHANNELS[WALLET_CHANNEL]}（可用 ${wallet ? formatYuan(wallet.totalBalance) : '…'}）` }] : []),
  ];

  async function pay() {
    if (channel === undefined || !order) return void feedback.error(CHOOSE_PAY_CHANNEL, 3);
    if (channel === WALLET_CHANNEL) {
      if (wallet && wallet.totalBalance < order.totalAmount) return void feedback.error(WALLET_SHORT, 3);
      setPaying(true);
      try {
        await call(walletPay, { id: order.id });
        await refetch();
      } catch {
        // The server's message has been shown (钱包余额不足: nothing changed). The order may have been paid meanwhile
        // by its QR code (the wallet then is not charged): read it again, and the dialog closes as paid.
        await refetch();
      } finally {
        setPaying(false);
      }
      return;
    }
    setPaying(true);
    try {
      await call(payByQr, { appId: channel, orderId: order.orderId, orderType: order.type });
      await refetch();
      setStep(1);
    } catch {
      // shown by the API client
    } finally {
      setPaying(false);
    }
  }

  return (
    <>
      <Steps size="small" current={step} style={{ marginBottom: 24 }} items={[{ title: '订单信息' }, { title: '扫码支付' }]} />
      {step === 0 ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="订单号">{order.orderId}</Descriptions.Item>
            <Descriptions.Item label="订单名称">{order.name}</Descriptions.Item>
            {order.functionList.length > 0 && (
              <Descriptions.Item label="购买内容">{order.functionList.map((f) => f.name).join('、')}</Descriptions.Item>
            )}
            {order.time !== null && <Descriptions.Item label="有效时长">{timeText(order)}</Descriptions.Item>}
            <Descriptions.Item label="下单时间">{formatTime(order.createdAt, 'YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
            <Descriptions.Item label="订单金额">
              <Typography.Text strong style={{ fontSize: 18 }}>
                {formatYuan(order.totalAmount)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <div style={{ margin: '20px 0 8px' }}>支付方式</div>
          <Radio.Group aria-label="支付方式" value={channel} onChange={(e) => setChannel(e.target.value as number)} options={channels} />
          {channel !== undefined && sandboxChannels.includes(channel) && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 12 }}
              title="沙箱测试支付：该支付方式未接入真实商户，付款在内置的沙箱收银台完成，不会产生真实扣款，也不是真实的收款。"
            />
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            订单将于 {formatTime(order.expiresAt, 'HH:mm')} 自动关闭，请在此之前完成支付。
          </Typography.Paragraph>
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={paying} onClick={() => void pay()}>
              {channel === WALLET_CHANNEL ? '确认支付' : '下一步'}
            </Button>
          </Space>
        </>
      ) : (
        <ScanStep order={order} onBack={() => setStep(0)} />
      )}
    </>
  );
}

function ScanStep({ order, onBack }: { order: OrderView; onBack(): void }) {
  const url = order.payH5QrCodeUrl ? new URL(order.payH5QrCodeUrl, location.origin).href : '';
  const channelName = PAY_CHANNELS[order.payChannel as keyof typeof PAY_CHANNELS] ?? '';
  return (
    <div style={{ textAlign: 'center' }}>
      {order.provider === 'sandbox' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16, textAlign: 'left' }}
          title={
            <Space wrap>
              <Tag color="orange">沙箱</Tag>
              <span>测试支付：这是沙箱收银台，不是真实付款，不会产生真实扣款。</span>
              {url && (
                <a href={url} target="_blank" rel="noreferrer">
                  在沙箱收银台打开
                </a>
              )}
            </Space>
          }
        />
      )}
      <Space orientation="vertical" align="center" size={12}>
        {url ? <QRCode value={url} size={220} aria-label="支付二维码" /> : <Spin />}
        <Typography.Text>
          请使用{channelName}扫码支付 <Typography.Text strong>{formatYuan(order.totalAmount)}</Typography.Text>
        </Typography.Text>
        <Typography.Text type="secondary">支付完成后本窗口将自动关闭</Typography.Text>
        <Button onClick={onBack}>返回修改支付方式</Button>
      </Space>
    </div>
  );
}
