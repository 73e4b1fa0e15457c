import { APPLICATION_STATUS, FEE_ORDER_TYPE, centsToYuan, type feePaymentView } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { conflict } from '../../shared/errors.js';
import { rowsOf } from '../../shared/sql.js';
import { refreshOpenOrder } from './expiry.js';
import { createFeeOrder } from './fee-order.js';
import type { PaymentChannels } from './providers/channels.js';
import { qrForOpenOrder } from './qr.js';

type FeePaymentView = z.infer<typeof feePaymentView>;

export const FEE_MESSAGES = {
  free: '该招录计划不收报名费',
  paid: '报名费已缴纳',
  notYet: '资格审核通过后才能缴费',
  overdue: '缴费已截止（逾期未缴费视为放弃考试）',
} as const;

/**
 * The end of a pay-after-review plan's payment window for application `a` of plan `p`: the move out of the sign-up
 * stage (its application_history row) plus the plan's fee_pay_days; null before that move.
 */
export const feeDeadlineSql = sql`((select min(h.created_at) from application_history h
    where h.company_id = a.company_id and h.application_id = a.id and h.to_status >= ${APPLICATION_STATUS.awaitingWritten})
  + make_interval(days => p.fee_pay_days))`;

/**
 * Whether application `a` gave up its exam (DESIGN §6, §11: unpaid by the deadline = gave up): its plan takes the
 * fee after review, and the deadline has passed with no paid fee order. One still inside its window has not.
 */
export const gaveUpSql = sql`exists (select 1 from recruitment_plan p
    where p.id = a.plan_id and p.company_id = a.company_id and p.fee_after_review and p.registration_fee > 0
      and ${feeDeadlineSql} <= now()
      and not exists (select 1 from company_order f where f.company_id = a.company_id and f.application_id = a.id
        and f.type = ${FEE_ORDER_TYPE} and f.status = 1))`;

interface FeeApplication {
  id: number;
  companyId: number;
  planId: number;
  planName: string;
  fee: number;
  status: number;
  afterReview: boolean;
  overdue: boolean;
}

async function feeApplication(tx: Db, applicationId: number) {
  const [application] = await rowsOf<FeeApplication>(
    tx,
    sql`select a.id, a.company_id as "companyId", a.plan_id as "planId", p.name as "planName", p.registration_fee::int as fee, a.status,
        p.fee_after_review as "afterReview", coalesce(${feeDeadlineSql} <= now(), false) as overdue
      from candidate_application a join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      where a.id = ${applicationId} for update of a`,
  );
  return application!;
}

async function latestFee(tx: Db, applicationId: number) {
  const [order] = await rowsOf<{ id: number; orderNo: string; status: number; amount: number; qr: string | null; provider: string | null; expiresAt: Date; paidAt: Date | null }>(
    tx,
    sql`select id, order_no as "orderNo", status, amount_cents::int as amount, qr_code_url as qr, provider, expires_at as "expiresAt", paid_at as "paidAt"
      from company_order where application_id = ${applicationId} and type = ${FEE_ORDER_TYPE} order by id desc limit 1`,
  );
  return order;
}

const paymentView = (o: NonNullable<Awaited<ReturnType<typeof latestFee>>>): FeePaymentView => ({
  orderId: o.orderNo,
  status: o.status,
  totalAmountY: centsToYuan(Number(o.amount)),
  payH5QrCodeUrl: o.status === 0 ? (o.qr ?? '') : '',
  provider: o.provider ?? '',
  expiresAt: new Date(o.expiresAt).toISOString(),
  paidAt: o.paidAt ? new Date(o.paidAt).toISOString() : null,
});

/**
 * Pays the registration fee of application `applicationId` (its owner proven by the caller) by a QR channel
 * (1 WeChat Pay, 2 Alipay): the open order's code re-used, else a new order made. A plan paid before review takes
 * the fee at any stage; one paid after review only once the sign-up review passed and until its deadline. The
 * payment itself is confirmed only by the provider (notification or query).
 */
export async function payApplicationFee(db: Db, channels: PaymentChannels, applicationId: number, channel: 1 | 2): Promise<FeePaymentView> {
  // An open order brought up to date first: one whose time is up is closed now and replaced below.
  const before = await latestFee(db, applicationId);
  if (before?.status === 0) await refreshOpenOrder(db, channels, before.id);
  // The application locked: two pay calls at once make one order, not two.
  const order = await db.transaction(async (tx) => {
    const application = await feeApplication(tx, applicationId);
    if (application.fee <= 0) throw conflict(FEE_MESSAGES.free);
    const latest = await latestFee(tx, applicationId);
    if (latest?.status === 1) throw conflict(FEE_MESSAGES.paid);
    if (application.afterReview) {
      if (application.status < APPLICATION_STATUS.awaitingWritten) throw conflict(FEE_MESSAGES.notYet);
      if (application.overdue) throw conflict(FEE_MESSAGES.overdue);
    }
    if (latest?.status === 0) return latest;
    await createFeeOrder(tx, { ...application, applicationId, amountCents: application.fee });
    return (await latestFee(tx, applicationId))!;
  });
  try {
    await qrForOpenOrder(db, channels, order.id, channel);
  } catch (error) {
    // Paid while this call ran (its provider said so): say that, not that the order is closed.
    if ((await latestFee(db, applicationId))?.status === 1) throw conflict(FEE_MESSAGES.paid);
    throw error;
  }
  return paymentView((await latestFee(db, applicationId))!);
}

/** The application's latest fee order, confirmed with its provider first; null before any order. */
export async function applicationFeeStatus(db: Db, channels: PaymentChannels, applicationId: number): Promise<FeePaymentView | null> {
  const latest = await latestFee(db, applicationId);
  if (!latest) return null;
  await refreshOpenOrder(db, channels, latest.id);
  return paymentView((await latestFee(db, applicationId))!);
}
