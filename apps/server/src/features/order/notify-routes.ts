import { formatYuan } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NotificationRejected, type RawNotification } from './providers/provider.js';
import type { PaymentChannels } from './providers/channels.js';
import type { SandboxScenario } from './providers/sandbox.js';
import { settleProviderPayment } from './settle.js';

export const NOTIFY_PATH = '/api/pay/notify';
export const CASHIER_PATH = '/api/pay/sandbox/cashier';

const SCENARIOS: { value: SandboxScenario; label: string }[] = [
  { value: 'pay', label: '确认付款' },
  { value: 'cancel', label: '取消支付' },
  { value: 'duplicate', label: '付款并重复通知 3 次' },
  { value: 'concurrent', label: '付款并同时通知 10 次' },
  { value: 'wrong-amount', label: '付款但通知金额不符' },
  { value: 'bad-signature', label: '付款但通知签名错误' },
  { value: 'late', label: '订单关闭后仍付款' },
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The providers' notifications (`POST /api/pay/notify/{provider}`, the raw body kept for the signature check) and
 * the sandbox gateway's cashier page. Both are public, as a provider's are; what they may do is bounded by the
 * signature check and by the order's own state.
 */
export async function notifyRoutes(app: FastifyInstance, channels: PaymentChannels) {
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

    raw.post<{ Params: { provider: string } }>(`${NOTIFY_PATH}/:provider`, async (request, reply) => {
      const provider = channels.byName(request.params.provider);
      if (!provider) return reply.status(404).send({ code: 'FAIL', message: '失败' });
      const notification: RawNotification = {
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v])),
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      };
      let ok = false;
      try {
        const payment = await provider.readNotification(notification);
        if (!payment) ok = true;
        else {
          const settled = await app.deps.db.transaction((tx) => settleProviderPayment(tx, provider, payment));
          ok = settled.outcome !== 'refused';
          if (settled.outcome === 'refused' || settled.outcome === 'refunded') {
            request.log.warn({ orderNo: payment.orderNo, outcome: settled.outcome, reason: settled.reason }, 'payment not credited');
          }
        }
      } catch (error) {
        if (!(error instanceof NotificationRejected)) throw error;
        request.log.warn({ provider: provider.name, reason: error.message }, 'payment notification rejected');
        await app.deps.db.execute(sql`
          insert into payment_event (order_no, provider, outcome, reason) values ('', ${provider.name}, 'refused', ${error.message})`);
      }
      const answer = provider.notificationAnswer(ok);
      reply.status(answer.status);
      if (answer.contentType) reply.header('content-type', answer.contentType);
      return reply.send(answer.body ?? null);
    });

    raw.get<{ Params: { ticket: string } }>(`${CASHIER_PATH}/:ticket`, async (request, reply) => {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(cashierPage(channels, request.params.ticket, ''));
    });

    raw.post<{ Params: { ticket: string } }>(`${CASHIER_PATH}/:ticket`, async (request, reply) => {
      const form = new URLSearchParams(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '');
      const scenario = SCENARIOS.find((s) => s.value === form.get('scenario'))?.value;
      const line = scenario ? await channels.sandbox.act(request.params.ticket, scenario) : '请选择操作';
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(cashierPage(channels, request.params.ticket, line));
    });
  });
}

function cashierPage(channels: PaymentChannels, ticket: string, line: string) {
  const trade = channels.sandbox.trade(ticket);
  const body = trade
    ? `<p class="amount">${escapeHtml(formatYuan(trade.amountCents))}</p>
       <p>${escapeHtml(trade.description)}</p>
       <p class="muted">订单号 ${escapeHtml(trade.orderNo)} · 状态：${{ open: '待付款', paid: '已付款', cancelled: '已取消', closed: '已关闭', refunded: '已退款' }[trade.state]}</p>
       ${line ? `<p class="line" role="status">${escapeHtml(line)}</p>` : ''}
       <form method="post">
         ${SCENARIOS.map((s, i) => `<button type="submit" name="scenario" value="${s.value}"${i === 0 ? ' class="primary"' : ''}>${s.label}</button>`).join('\n')}
       </form>
       <h2>网关记录</h2><ol>${trade.log.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ol>`
    : '<p>收款码不存在或已失效。</p>';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>沙箱收银台</title>
<style>
body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:480px;margin:24px auto;padding:0 16px;color:#1f1f1f}
.mark{display:inline-block;background:#fa8c16;color:#fff;padding:2px 10px;border-radius:4px;font-weight:600}
.amount{font-size:32px;font-weight:600;margin:16px 0 4px}.muted{color:#8c8c8c;font-size:13px}
.line{background:#f6ffed;border:1px solid #b7eb8f;padding:8px 12px;border-radius:6px}
form{display:flex;flex-direction:column;gap:8px;margin:16px 0}
button{padding:10px;border:1px solid #d9d9d9;border-radius:6px;background:#fff;font-size:15px;cursor:pointer}
button.primary{background:#1677ff;border-color:#1677ff;color:#fff}
h2{font-size:15px;margin-top:24px}
</style></head><body>
<h1><span class="mark">沙箱</span> 收银台</h1>
<p class="muted">这是内置的模拟支付网关，不会产生真实扣款。付款后它像真实支付平台一样向系统发送签名通知。</p>
${body}
</body></html>`;
}
