import {
  COURIER_FEES, INVOICE_STATUSES, type InvoiceRow, ORDER_OPEN_MINUTES, type PageInput, centsToYuan,
  companyInvoiceDetail, companyInvoiceList, getApplyInvoiceAmountLimit, getCourierFee, invoicePdf, invoiceRow,
  saveCompanyInvoice,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../shared/errors.js';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { emptyIfNull, pagedRows, parsedRows, timestampText } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { issuedInvoicePdf } from './invoices.js';
import { orderViewOf } from './order-view.js';

/** What the company may still ask an invoice for: paid by WeChat Pay or Alipay, less what it asked for already. */
async function invoiceLimitOf(db: Db, companyId: number) {
  const [figures] = await rowsOf<{ paid: number; requested: number }>(
    db,
    sql`select
        (select coalesce(sum(amount_cents), 0)::bigint from company_order
          where company_id = ${companyId} and status = 1 and pay_channel in (1, 2) and type in (6, 7, 8, 9)) as paid,
        (select coalesce(sum(amount_cents), 0)::bigint from company_invoice
          where company_id = ${companyId} and status <> 'cancelled') as requested`,
  );
  const paid = Number(figures!.paid);
  const requested = Number(figures!.requested);
  const limit = Math.max(0, paid - requested);
  return { paid, requested, limit, limitY: centsToYuan(limit) };
}

/** A company_invoice row as the invoice queries read it: amounts in cents, the courier fee's order by its id. */
const invoiceDbRow = invoiceRow.omit({ amountY: true, courierFeeY: true, feeOrder: true }).extend({
  amount: z.coerce.number(),
  courierFee: z.coerce.number(),
  feeOrderId: z.number().int().nullable(),
  createdAt: timestampText,
  submittedAt: timestampText.nullable(),
  issuedAt: timestampText.nullable(),
  createdByName: emptyIfNull,
});

/** The company's invoice requests (`i`) matching `where`, newest first. */
const invoicesSql = (where: SQL) =>
  sql`select i.id, i.amount_cents::bigint as amount, i.title, i.tax_no as "taxNo", i.kind, i.email, i.receiver_name as "receiverName",
      i.receiver_phone as "receiverPhone", i.receiver_address as "receiverAddress", i.province, i.courier_fee_cents::int as "courierFee",
      i.fee_order_id as "feeOrderId", i.status, i.pdf_url as "pdfUrl", i.tracking_no as "trackingNo", i.courier_company as "courierCompany",
      i.created_at as "createdAt", i.submitted_at as "submittedAt", i.issued_at as "issuedAt", u.name as "createdByName"
    from company_invoice i left join staff_user u on u.id = i.created_by
    where ${where} order by i.id desc`;

const invoiceRows = (db: Db, where: SQL) => parsedRows(db, invoicesSql(where), invoiceDbRow);

const invoicePage = (db: Db, where: SQL, page: PageInput) =>
  pagedRows(db, { count: sql`select count(*)::int as n from company_invoice i where ${where}`, rows: invoicesSql(where) }, invoiceDbRow, page);

async function toInvoiceRow(db: Db, companyId: number, { feeOrderId, ...r }: z.output<typeof invoiceDbRow>): Promise<InvoiceRow> {
  return {
    ...r,
    amountY: centsToYuan(r.amount),
    courierFeeY: centsToYuan(r.courierFee),
    feeOrder: feeOrderId ? ((await orderViewOf(db, companyId, feeOrderId)) ?? null) : null,
  };
}

export function invoiceRoutes(app: FastifyInstance) {
  const { db, storage } = app.deps;

  defineFileRoute(app, invoicePdf, async ({ input, session }) => issuedInvoicePdf(db, storage, input.id, session.companyId));

  defineRoute(app, getApplyInvoiceAmountLimit, async ({ session }) => invoiceLimitOf(db, session.companyId));

  defineRoute(app, getCourierFee, async ({ input }) => {
    const fee = COURIER_FEES[input.province]!;
    return { province: input.province, fee, feeY: centsToYuan(fee) };
  });

  defineRoute(app, saveCompanyInvoice, async ({ input, session }) => {
    const id = await db.transaction(async (tx) => {
      // Requests of one company queue here, so that two at once cannot both take the same paid amount.
      await tx.execute(sql`select 1 from company where id = ${session.companyId} for no key update`);
      const { limit } = await invoiceLimitOf(tx, session.companyId);
      if (input.amountY > limit) throw conflict(`开票金额不能超过可开票金额 ${centsToYuan(limit)} 元`);
      const paper = input.kind === 'paper';
      const courierFee = paper ? COURIER_FEES[input.province]! : 0;
      let feeOrderId: number | null = null;
      if (paper) {
        const [order] = await rowsOf<{ id: number }>(
          tx,
          sql`insert into company_order (company_id, type, name, amount_cents, created_by, expires_at)
            values (${session.companyId}, 5, ${`纸质发票快递费（寄往${input.province}）`}, ${courierFee}, ${session.userId},
              now() + make_interval(mins => ${ORDER_OPEN_MINUTES}))
            returning id`,
        );
        feeOrderId = order!.id;
      }
      const [invoice] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into company_invoice (company_id, amount_cents, title, tax_no, kind, email, receiver_name, receiver_phone,
            receiver_address, province, courier_fee_cents, fee_order_id, status, created_by, submitted_at)
          values (${session.companyId}, ${input.amountY}, ${input.title}, ${input.taxNo}, ${input.kind}, ${paper ? '' : input.email},
            ${paper ? input.receiverName : ''}, ${paper ? input.receiverPhone : ''}, ${paper ? input.receiverAddress : ''},
            ${paper ? input.province : ''}, ${courierFee}, ${feeOrderId}, ${paper ? 'awaiting_fee' : 'submitted'}, ${session.userId},
            ${paper ? null : sql`now()`})
          returning id`,
      );
      return invoice!.id;
    });
    const [row] = await invoiceRows(db, sql`i.company_id = ${session.companyId} and i.id = ${id}`);
    return toInvoiceRow(db, session.companyId, row!);
  });

  defineRoute(app, companyInvoiceList, async ({ input, session }) => {
    const { total, list } = await invoicePage(db, sql`i.company_id = ${session.companyId}`, input);
    return { total, list: await Promise.all(list.map((r) => toInvoiceRow(db, session.companyId, r))) };
  });

  defineRoute(app, companyInvoiceDetail, async ({ input, session }) => {
    const [row] = await invoiceRows(db, sql`i.company_id = ${session.companyId} and i.id = ${input.id}`);
    if (!row) throw notFound('发票申请不存在');
    const invoice = await toInvoiceRow(db, session.companyId, row);
    const paper = row.kind === 'paper';
    const steps = [
      { title: '提交申请', done: true, at: row.createdAt, text: `申请开具${paper ? '纸质' : '电子'}发票 ${invoice.amountY} 元` },
      ...(paper
        ? [
            {
              title: '支付快递费',
              done: row.submittedAt !== null,
              at: row.submittedAt,
              text: row.status === 'cancelled' ? '快递费订单未支付已关闭，申请已取消' : `快递费 ${invoice.courierFeeY} 元`,
            },
          ]
        : []),
      {
        title: '开具发票',
        done: row.status === 'issued',
        at: row.issuedAt,
        text:
          row.status === 'issued'
            ? paper
              ? `已寄出：${row.courierCompany} ${row.trackingNo}`
              : '电子发票已开具，可下载'
            : INVOICE_STATUSES[row.status as keyof typeof INVOICE_STATUSES],
      },
    ];
    return { ...invoice, steps };
  });
}
