import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgSequence, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidateApplication } from '../application/tables.js';
import { company } from '../company/tables.js';
import { recruitmentPlan } from '../plan/tables.js';
import { platformOperator } from '../platform/tables.js';
import { sysFunction } from '../settings/tables.js';
import { staffUser } from '../staff/tables.js';
import { talent } from '../talent/tables.js';

/** What one unit of time (1 day, 2 month, 3 year: dictionary time_type) of a function item costs, in cents. */
export const functionPrice = pgTable(
  'function_price',
  {
    functionCode: text('function_code').notNull().references(() => sysFunction.code),
    timeType: smallint('time_type').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.functionCode, t.timeType] }),
    check('function_price_time_type', sql`${t.timeType} in (1, 2, 3)`),
    check('function_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/** A package (套餐): a set of function items sold together for a time. */
export const sysMeal = pgTable('sys_meal', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const sysMealFunction = pgTable(
  'sys_meal_function',
  {
    mealId: integer('meal_id').notNull().references(() => sysMeal.id),
    functionCode: text('function_code').notNull().references(() => sysFunction.code),
  },
  (t) => [primaryKey({ columns: [t.mealId, t.functionCode] })],
);

/** A package's price for one length of time ("1 年 ¥3,000.00"). */
export const sysMealPrice = pgTable(
  'sys_meal_price',
  {
    mealId: integer('meal_id').notNull().references(() => sysMeal.id),
    time: integer('time').notNull(),
    timeType: smallint('time_type').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mealId, t.time, t.timeType] }),
    check('sys_meal_price_time_type', sql`${t.timeType} in (1, 2, 3)`),
    check('sys_meal_price_positive', sql`${t.priceCents} > 0 and ${t.time} > 0`),
  ],
);

/**
 * An order (DESIGN §6): the company's own (types 5 invoice courier fee, 6 function items, 7 package, 8 recharge,
 * 9 resume) and its candidates' registration fees (type 10, 报名费: `applicationId` set, paid by the candidate);
 * statuses 0 待支付, 1 已支付, 2 已关闭, 3 已退款. `tradeNo` (the provider's transaction id, or the
 * wallet ledger's for a wallet payment) is unique: a payment told twice settles once.
 */
/** The last six digits of order numbers: cycling through 000000–999999, so two orders of one second never share a number. */
export const orderNoSeq = pgSequence('order_no_seq', { minValue: 0, maxValue: 999_999, startWith: 0, cycle: true });

export const companyOrder = pgTable(
  'company_order',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The readable business number: ZK, the China time to the second, the sequence's six digits. */
    orderNo: text('order_no')
      .notNull()
      .unique()
      .default(sql`('ZK' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || lpad(nextval('order_no_seq')::text, 6, '0'))`),
    companyId: integer('company_id').notNull().references(() => company.id),
    type: smallint('type').notNull(),
    status: smallint('status').notNull().default(0),
    name: text('name').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    time: integer('time'),
    timeType: smallint('time_type'),
    mealId: integer('meal_id').references(() => sysMeal.id),
    functionCodes: text('function_codes').array().notNull().default(sql`'{}'::text[]`),
    /** The creation token (`getToken`): the same token gives back the same order instead of a second one. */
    requestToken: text('request_token'),
    /** 1 WeChat Pay, 2 Alipay, 3 wallet: the channel it was paid (or last offered) with. */
    payChannel: smallint('pay_channel'),
    provider: text('provider'),
    qrCodeUrl: text('qr_code_url'),
    tradeNo: text('trade_no').unique(),
    createdBy: integer('created_by').references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
    /** A registration fee's application and plan (type 10). */
    applicationId: integer('application_id').references(() => candidateApplication.id),
    planId: integer('plan_id').references(() => recruitmentPlan.id),
    /** The talent a resume order (type 9) unlocks. */
    talentId: integer('talent_id').references(() => talent.id),
    /** Staff's note on a registration-fee order (备注). */
    note: text('note').notNull().default(''),
    /** Where a paper receipt goes (收件信息). */
    receiverName: text('receiver_name').notNull().default(''),
    receiverPhone: text('receiver_phone').notNull().default(''),
    receiverAddress: text('receiver_address').notNull().default(''),
    /** An offline payment confirmed by staff: how (cash | transfer), by whom, when, and their note. */
    offlineMethod: text('offline_method'),
    confirmedBy: integer('confirmed_by').references(() => staffUser.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** A closed registration-fee order deleted from the list (kept for the record). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('company_order_company').on(t.companyId, t.id.desc()),
    index('company_order_open').on(t.expiresAt).where(sql`${t.status} = 0`),
    index('company_order_application').on(t.companyId, t.applicationId),
    uniqueIndex('company_order_request_token').on(t.companyId, t.requestToken),
    // one open resume order per talent: a second click answers the same order
    uniqueIndex('company_order_open_talent').on(t.companyId, t.talentId).where(sql`${t.status} = 0 and ${t.type} = 9`),
    check('company_order_talent', sql`(${t.type} = 9) = (${t.talentId} is not null)`),
    check('company_order_type', sql`${t.type} in (5, 6, 7, 8, 9, 10)`),
    check('company_order_fee', sql`(${t.type} = 10) = (${t.applicationId} is not null)`),
    check('company_order_offline', sql`${t.offlineMethod} is null or ${t.offlineMethod} in ('cash', 'transfer')`),
    check('company_order_status', sql`${t.status} in (0, 1, 2, 3)`),
    check('company_order_amount', sql`${t.amountCents} > 0`),
    check('company_order_channel', sql`${t.payChannel} is null or ${t.payChannel} in (1, 2, 3)`),
    check('company_order_paid', sql`(${t.status} = 1) = (${t.paidAt} is not null and ${t.tradeNo} is not null) or ${t.status} = 3`),
  ],
);

/**
 * Every payment notification or query answer the server acted on, and what it did with it: the order's payment
 * story ("paid by WeChat Pay at …; the same notice came 3 more times and was ignored"), and the evidence of refusals.
 */
export const paymentEvent = pgTable(
  'payment_event',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id').references(() => companyOrder.id),
    orderNo: text('order_no').notNull(),
    provider: text('provider').notNull(),
    tradeNo: text('trade_no'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** paid | repeated | refunded (paid for an order paid another way or closed: given back, the refund number in `reason`) | refused */
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_event_order').on(t.orderId, t.id)],
);

/**
 * A company's request for an invoice (申请发票): up to what it paid by QR channels and has not asked for yet. A paper
 * invoice waits for its courier fee (an order of type 5) before it goes to the platform; the platform issues it
 * (an e-invoice PDF, or a courier and tracking number).
 */
export const companyInvoice = pgTable(
  'company_invoice',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    taxNo: text('tax_no').notNull(),
    kind: text('kind').notNull(),
    email: text('email').notNull().default(''),
    receiverName: text('receiver_name').notNull().default(''),
    receiverPhone: text('receiver_phone').notNull().default(''),
    receiverAddress: text('receiver_address').notNull().default(''),
    province: text('province').notNull().default(''),
    courierFeeCents: bigint('courier_fee_cents', { mode: 'number' }).notNull().default(0),
    feeOrderId: integer('fee_order_id').references(() => companyOrder.id),
    /** awaiting_fee | submitted | issued | cancelled */
    status: text('status').notNull(),
    pdfUrl: text('pdf_url').notNull().default(''),
    trackingNo: text('tracking_no').notNull().default(''),
    courierCompany: text('courier_company').notNull().default(''),
    createdBy: integer('created_by').references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: integer('issued_by').references(() => platformOperator.id),
  },
  (t) => [
    index('company_invoice_company').on(t.companyId, t.id.desc()),
    uniqueIndex('company_invoice_fee_order').on(t.feeOrderId),
    check('company_invoice_kind', sql`${t.kind} in ('electronic', 'paper')`),
    check('company_invoice_status', sql`${t.status} in ('awaiting_fee', 'submitted', 'issued', 'cancelled')`),
    check('company_invoice_amount', sql`${t.amountCents} > 0`),
  ],
);
