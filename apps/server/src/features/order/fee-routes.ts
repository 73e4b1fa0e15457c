import {
  FEE_ORDER_TYPE, OFFLINE_METHODS, ORDER_MISSING, ORDER_NOT_PAYABLE, ORDER_STATUSES, PAY_CHANNELS,
  QR_NOT_CLOSED, centsToYuan, confirmOfflinePayment, feeOrderView, omsOrderClose, omsOrderDeleteList,
  omsOrderDetail, exportFeeOrderList, omsOrderGetById, omsOrderList, omsOrderNote, omsOrderOffline,
  omsOrderReceiver, payRegistrationFee, registrationFeeStatus, toChinaDateTime,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../shared/errors.js';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { pagedRows, parsedRows, timestampText } from '../../shared/rows.js';
import { inList, rowsOf } from '../../shared/sql.js';
import { xlsxAnswer } from '../../shared/xlsx.js';
import { applicantSearch } from '../pipeline/index.js';
import { closeOrder, refreshOpenOrder } from './expiry.js';
import { paymentStory } from './order-view.js';
import { applicationFeeStatus, payApplicationFee } from './registration-fee.js';
import { closeQrFirst } from './settle.js';
import type { PaymentChannels } from './providers/channels.js';

const feeDbRow = feeOrderView
  .omit({ totalAmountY: true })
  .extend({
    createdAt: timestampText,
    expiresAt: timestampText,
    paidAt: timestampText.nullable(),
    closedAt: timestampText.nullable(),
    confirmedAt: timestampText.nullable(),
  })
  .transform((r) => ({ ...r, totalAmountY: centsToYuan(r.totalAmount) }));

/** Registration-fee orders matching `where` (on `o`, `a`, `p`), newest first. */
const feeViewsSql = (where: SQL) =>
  sql`select o.id, o.order_no as "orderId", o.status, o.amount_cents::int as "totalAmount", o.pay_channel as "payChannel",
        coalesce(o.provider, '') as provider, o.plan_id as "planId", p.name as "planName", a.recruitment_id as "recruitmentId",
        i.job_vacancy as "jobVacancy", o.application_id as "applicationId", a.real_name as "realName",
        a.identity_no as "identityNo", a.phone, o.created_at as "createdAt", o.expires_at as "expiresAt", o.paid_at as "paidAt",
        o.closed_at as "closedAt", coalesce(o.close_reason, '') as "closeReason", o.note, o.receiver_name as "receiverName",
        o.receiver_phone as "receiverPhone", o.receiver_address as "receiverAddress", o.offline_method as "offlineMethod",
        coalesce(u.name, '') as "confirmedByName", o.confirmed_at as "confirmedAt"
      from company_order o
      join candidate_application a on a.id = o.application_id and a.company_id = o.company_id
      join recruitment_plan p on p.id = o.plan_id and p.company_id = o.company_id
      join recruitment_info i on i.id = a.recruitment_id and i.company_id = a.company_id
      left join staff_user u on u.id = o.confirmed_by
      where o.type = ${FEE_ORDER_TYPE} and o.deleted_at is null and ${where}
      order by o.id desc`;

const feeViews = (db: Db, where: SQL) => parsedRows(db, feeViewsSql(where), feeDbRow);

async function feeViewOf(db: Db, companyId: number, id: number) {
  const [view] = await feeViews(db, sql`o.company_id = ${companyId} and o.id = ${id}`);
  if (!view) throw notFound(ORDER_MISSING);
  return view;
}

function listWhere(companyId: number, input: { planId?: number; status?: number; keyword: string }) {
  return sql`o.company_id = ${companyId}
    ${input.planId ? sql`and o.plan_id = ${input.planId}` : sql``}
    ${input.status !== undefined ? sql`and o.status = ${input.status}` : sql``}
    ${input.keyword ? sql`and ${applicantSearch(input.keyword, { alias: 'a', code: 'o.order_no', contains: true })}` : sql``}`;
}

export function feeRoutes(app: FastifyInstance, channels: PaymentChannels) {
  const { db } = app.deps;

  defineRoute(app, omsOrderList, async ({ input, session }) => {
    const where = listWhere(session.companyId, input);
    const count = sql`select count(*)::int as n from company_order o join candidate_application a on a.id = o.application_id and a.company_id = o.company_id
      where o.type = ${FEE_ORDER_TYPE} and o.deleted_at is null and ${where}`;
    return pagedRows(db, { count, rows: feeViewsSql(where) }, feeDbRow, input);
  });

  defineFileRoute(app, exportFeeOrderList, async ({ input, session }) => {
    const rows = await feeViews(db, listWhere(session.companyId, input));
    return xlsxAnswer('报名缴费.xlsx', '报名缴费', [
      { header: '订单号', width: 26, values: rows.map((r) => r.orderId) },
      { header: '姓名', width: 12, values: rows.map((r) => r.realName) },
      { header: '身份证号', width: 22, values: rows.map((r) => r.identityNo) },
      { header: '手机号码', width: 14, values: rows.map((r) => r.phone) },
      { header: '招录计划', width: 30, values: rows.map((r) => r.planName) },
      { header: '岗位', width: 16, values: rows.map((r) => r.jobVacancy) },
      { header: '金额（元）', width: 12, values: rows.map((r) => r.totalAmountY) },
      { header: '状态', width: 10, values: rows.map((r) => ORDER_STATUSES[r.status as 0 | 1 | 2 | 3]) },
      {
        header: '支付方式',
        width: 12,
        values: rows.map((r) =>
          r.offlineMethod ? `线下（${OFFLINE_METHODS[r.offlineMethod as keyof typeof OFFLINE_METHODS]}）` : r.payChannel ? PAY_CHANNELS[r.payChannel as 1 | 2 | 3] : '',
        ),
      },
      { header: '下单时间', width: 20, values: rows.map((r) => chinaTime(r.createdAt)) },
      { header: '支付时间', width: 20, values: rows.map((r) => chinaTime(r.paidAt)) },
      { header: '确认人', width: 12, values: rows.map((r) => r.confirmedByName) },
      { header: '备注', width: 30, values: rows.map((r) => r.note) },
    ]);
  });

  for (const detail of [omsOrderDetail, omsOrderGetById]) {
    defineRoute(app, detail, async ({ input, session }) => ({
      ...(await feeViewOf(db, session.companyId, input.id)),
      events: await paymentStory(db, input.id),
    }));
  }

  defineRoute(app, omsOrderClose, async ({ input, session }) => {
    await feeViewOf(db, session.companyId, input.id);
    await refreshOpenOrder(db, channels, input.id);
    if (!(await closeOrder(db, channels, input.id, '工作人员关闭'))) throw conflict('订单已支付或已关闭，不能再关闭');
    return feeViewOf(db, session.companyId, input.id);
  }, { ownTransactions: true });

  defineRoute(app, omsOrderDeleteList, async ({ input, session }) =>
    db.transaction(async (tx) => {
      const ids = [...new Set(input.ids)];
      const found = await rowsOf<{ id: number; status: number }>(
        tx,
        sql`select id, status from company_order where company_id = ${session.companyId} and type = ${FEE_ORDER_TYPE}
          and deleted_at is null and id in (${inList(ids)}) for update`,
      );
      if (found.length !== ids.length) throw notFound(ORDER_MISSING);
      const open = found.filter((o) => o.status !== 2).length;
      if (open > 0) throw conflict(`只能删除已关闭的订单，所选订单中有 ${open} 个未关闭`);
      await tx.execute(sql`update company_order set deleted_at = now() where id in (${inList(ids)}) and company_id = ${session.companyId}`);
      return { deleted: ids.length };
    }),
  );

  defineRoute(app, omsOrderNote, async ({ input, session }) => {
    await feeViewOf(db, session.companyId, input.id);
    await db.execute(sql`update company_order set note = ${input.note} where id = ${input.id} and company_id = ${session.companyId}`);
    return feeViewOf(db, session.companyId, input.id);
  });

  defineRoute(app, omsOrderReceiver, async ({ input, session }) => {
    await feeViewOf(db, session.companyId, input.id);
    await db.execute(sql`
      update company_order set receiver_name = ${input.receiverName}, receiver_phone = ${input.receiverPhone}, receiver_address = ${input.receiverAddress}
      where id = ${input.id} and company_id = ${session.companyId}`);
    return feeViewOf(db, session.companyId, input.id);
  });

  defineRoute(app, omsOrderOffline, async ({ input, session }) => {
    await feeViewOf(db, session.companyId, input.id);
    const [marked] = await rowsOf<{ id: number }>(
      db,
      sql`update company_order set offline_method = ${input.offlineMethod}
        where id = ${input.id} and company_id = ${session.companyId} and status = 0 returning id`,
    );
    if (!marked) throw conflict(ORDER_NOT_PAYABLE);
    return feeViewOf(db, session.companyId, input.id);
  });

  defineRoute(app, confirmOfflinePayment, async ({ input, session }) => {
    await feeViewOf(db, session.companyId, input.id);
    await db.transaction(async (tx) => {
      // The QR code the candidate may still hold closed at its provider first, the order locked: paid there already,
      // the order is paid by that payment and the counter's money is not taken as well.
      const [open] = await rowsOf<{ orderNo: string; provider: string | null; qr: string | null }>(
        tx,
        sql`select order_no as "orderNo", provider, qr_code_url as qr from company_order
          where id = ${input.id} and company_id = ${session.companyId} and type = ${FEE_ORDER_TYPE} and status = 0 for update`,
      );
      if (!open) throw conflict(ORDER_NOT_PAYABLE);
      const before = await closeQrFirst(tx, channels, open);
      if (before === 'paid') return;
      if (before === 'unreachable') throw conflict(QR_NOT_CLOSED);
      const [confirmed] = await rowsOf<{ orderNo: string; amount: number }>(
        tx,
        sql`update company_order set status = 1, trade_no = 'OFFLINE-' || order_no, paid_at = now(), offline_method = ${input.method},
            provider = 'offline', confirmed_by = ${session.userId}, confirmed_at = now(), qr_code_url = null
          where id = ${input.id} and company_id = ${session.companyId} and type = ${FEE_ORDER_TYPE} and status = 0
          returning order_no as "orderNo", amount_cents::int as amount`,
      );
      if (!confirmed) throw conflict(ORDER_NOT_PAYABLE);
      await tx.execute(sql`
        insert into payment_event (order_id, order_no, provider, trade_no, amount_cents, outcome, reason)
        values (${input.id}, ${confirmed.orderNo}, ${`offline:${input.method}`}, ${`OFFLINE-${confirmed.orderNo}`}, ${confirmed.amount}, 'paid', ${input.note})`);
    });
    return feeViewOf(db, session.companyId, input.id);
  }, { ownTransactions: true });

  defineRoute(
    app,
    payRegistrationFee,
    async ({ input }) => payApplicationFee(db, channels, (await provenApplication(db, input)).id, input.appId as 1 | 2),
    { rateLimit: 'apply' },
  );

  defineRoute(
    app,
    registrationFeeStatus,
    async ({ input }) => applicationFeeStatus(db, channels, (await provenApplication(db, input)).id),
    { rateLimit: 'public' },
  );
}

/** The candidate's application, proven by identity number and phone; the same 404 for a missing one and someone else's. */
async function provenApplication(db: Db, input: { applicationId: number; identityNo: string; phone: string }) {
  const [application] = await rowsOf<{ id: number }>(
    db,
    sql`select id from candidate_application where id = ${input.applicationId} and identity_no = ${input.identityNo} and phone = ${input.phone}`,
  );
  if (!application) throw notFound('报名记录不存在，或身份证号码、手机号码与报名时不一致');
  return application;
}

const chinaTime = (at: string | null) => (at ? toChinaDateTime(new Date(at)) : '');
