import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ecc, QrCode } from '@rc-component/qrcode/es/libs/qrcodegen';
import { CHOOSE_PAY_CHANNEL, type FeeSummary, type OutputOf, PAY_CHANNELS, myFeeStatus, payMyFee } from '@zhaokao/contracts';
import { SiteError, callSite } from '../site-api';
import { FEE_ORDER_STATUS, FEE_POLL_MS, payTargetOf, queryKeyOf, timeText } from './application-actions';

type FeeView = NonNullable<OutputOf<typeof myFeeStatus>>;
type QrChannel = 1 | 2;
const QR_CHANNELS: QrChannel[] = [1, 2];

/**
 * 缴费 of an application (fee state 待缴费): choose WeChat Pay or Alipay, scan the order's QR code (or open the
 * provider's page on a phone); the page asks the server every few seconds and believes only its answer.
 */
export function FeePayment({ applicationId, fee, onPaid }: { applicationId: number; fee: FeeSummary; onPaid(): void }) {
  const [channel, setChannel] = useState<QrChannel>();
  const [choiceError, setChoiceError] = useState('');
  const [started, setStarted] = useState<FeeView>();
  const paidReported = useRef(false);
  const id = useId();
  const queryClient = useQueryClient();
  const statusKey = [...queryKeyOf(myFeeStatus), { id: applicationId }];

  const pay = useMutation<FeeView, SiteError, QrChannel>({
    mutationFn: (appId) => callSite(payMyFee, { id: applicationId, appId }),
    onSuccess: (view) => {
      queryClient.setQueryData(statusKey, view);
      setStarted(view);
    },
  });
  const status = useQuery<FeeView | null, SiteError>({
    queryKey: statusKey,
    queryFn: () => callSite(myFeeStatus, { id: applicationId }),
    enabled: started !== undefined,
    refetchInterval: (query) => (query.state.data?.status === FEE_ORDER_STATUS.paid ? false : FEE_POLL_MS),
    // Coming back from the payment app shows the answer at once.
    refetchOnWindowFocus: true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const order = started && (status.data ?? started);
  const paid = order?.status === FEE_ORDER_STATUS.paid;

  useEffect(() => {
    if (!paid || paidReported.current) return;
    paidReported.current = true;
    onPaid();
  }, [paid, onPaid]);

  const start = () => {
    if (channel === undefined) return setChoiceError(CHOOSE_PAY_CHANNEL);
    setChoiceError('');
    pay.mutate(channel);
  };

  return (
    <section className="site-card me-fee" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="me-card-title">
        缴纳报名费
      </h2>
      <dl className="site-facts">
        <dt>金额</dt>
        <dd className="me-amount">{fee.amountY} 元</dd>
        {fee.deadline ? (
          <>
            <dt>缴费截止</dt>
            <dd>{fee.deadline}（逾期未缴费视为放弃考试）</dd>
          </>
        ) : null}
      </dl>

      {paid ? (
        <p className="me-success" role="status">
          支付成功，报名费已缴纳。
        </p>
      ) : order && order.status === FEE_ORDER_STATUS.open ? (
        <PayQr order={order} channel={channel ?? 1} checking={status.isFetching} onCheck={() => void status.refetch()} onBack={() => setStarted(undefined)} />
      ) : (
        <>
          {order ? (
            <p className="me-error" role="alert">
              支付订单已关闭，请重新选择支付方式支付。
            </p>
          ) : null}
          <fieldset className="me-choices" aria-describedby={choiceError ? `${id}-choice-error` : undefined}>
            <legend>支付方式</legend>
            {QR_CHANNELS.map((value) => (
              <label key={value} className="me-choice">
                <input
                  type="radio"
                  name={`${id}-channel`}
                  value={value}
                  checked={channel === value}
                  onChange={() => {
                    setChannel(value);
                    setChoiceError('');
                  }}
                />
                {PAY_CHANNELS[value]}
              </label>
            ))}
          </fieldset>
          {choiceError ? (
            <p id={`${id}-choice-error`} className="me-error" role="alert">
              {choiceError}
            </p>
          ) : null}
          {pay.isError ? (
            <p className="me-error" role="alert">
              {pay.error.message}
            </p>
          ) : null}
          <button type="button" className="site-button site-button-primary" disabled={pay.isPending} onClick={start}>
            {pay.isPending ? '正在生成支付二维码…' : '去支付'}
          </button>
        </>
      )}
    </section>
  );
}

function PayQr({
  order,
  channel,
  checking,
  onCheck,
  onBack,
}: {
  order: FeeView;
  channel: QrChannel;
  checking: boolean;
  onCheck(): void;
  onBack(): void;
}) {
  const target = useMemo(() => payTargetOf(order.payH5QrCodeUrl, location.origin), [order.payH5QrCodeUrl]);
  const qrImage = useMemo(() => target.image || (target.qrText ? qrPngOf(target.qrText) : ''), [target]);
  const channelName = PAY_CHANNELS[channel];
  const sandbox = order.provider === 'sandbox';
  return (
    <div className="me-pay">
      {sandbox ? (
        <p className="me-warning">
          <span className="site-badge site-badge-upcoming">沙箱</span>
          测试支付：这是沙箱收银台，不是真实付款，不会产生真实扣款。
          {target.link ? (
            <>
              {' '}
              <a href={target.link} target="_blank" rel="noreferrer">
                在沙箱收银台打开
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {qrImage ? (
        <img className="me-qr" src={qrImage} width={220} height={220} alt={`${channelName}支付二维码，金额 ${order.totalAmountY} 元`} />
      ) : (
        <p className="me-error" role="alert">
          未能生成支付二维码，请返回重新选择支付方式。
        </p>
      )}
      <p>
        请使用{channelName}扫码支付 <strong className="me-amount">{order.totalAmountY} 元</strong>
      </p>
      <p className="site-muted">
        在手机上可长按二维码识别，或截图保存后在{channelName}“扫一扫”中从相册选取。
        {order.expiresAt ? `请在 ${timeText(order.expiresAt)} 前完成支付。` : ''}
      </p>
      {target.link && !sandbox ? (
        <p className="me-pay-open">
          <a className="site-button site-button-primary me-button-link" href={target.link}>
            打开支付页面
          </a>
        </p>
      ) : null}
      <p className="site-muted" role="status" aria-live="polite">
        {checking ? '正在确认支付结果…' : '支付完成后本页会自动更新'}
      </p>
      <div className="me-actions">
        <button type="button" className="site-button" disabled={checking} onClick={onCheck}>
          我已完成支付
        </button>
        <button type="button" className="site-button" onClick={onBack}>
          更换支付方式
        </button>
      </div>
    </div>
  );
}

/** The QR code as a PNG image: an <img> can be long-pressed in WeChat and saved, a canvas or an SVG cannot. */
function qrPngOf(text: string, scale = 8, margin = 4): string {
  const qr = QrCode.encodeText(text, Ecc.MEDIUM);
  const side = (qr.size + margin * 2) * scale;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.fillStyle = '#000';
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.getModule(x, y)) context.fillRect((x + margin) * scale, (y + margin) * scale, scale, scale);
    }
  }
  return canvas.toDataURL('image/png');
}
