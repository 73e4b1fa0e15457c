import { randomUUID } from 'node:crypto';
import {
  catalogueFunction, catalogueMeal, centsToYuan, operatorInfo, operatorLogin, operatorLogout,
  platformCatalogue, platformInvoiceList, platformInvoicePdf, platformIssueInvoice,
  platformSaveFunctionPrices, platformSaveMeal, platformUploadInvoicePdf, platformInvoiceRow,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { operatorActor, recordAudit } from '../../shared/audit.js';
import { refusingViolations } from '../../shared/db-errors.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { emptyIfNull, pagedRows, parsedRows, timestampText } from '../../shared/rows.js';
import { issuedInvoicePdf } from '../order/index.js';
import { escapeLike, inList, rowsOf } from '../../shared/sql.js';
import { operatorOf, operatorSignIn, operatorSignOut } from './operators.js';

/** Where issued e-invoice PDFs are kept in the file storage; an invoice's `pdf_url` is this key. */
export const INVOICE_PDF_PREFIX = 'invoices/';
const PDF_MAX_BYTES = 5 * 1024 * 1024;

/** Every company's invoice requests (`i`, of company `c`) matching `where`, newest first; amounts in cents. */
const platformInvoicesSql = (where: SQL) =>
  sql`select i.id, i.company_id as "companyId", c.name as "companyName", i.amount_cents::bigint as amount, i.title, i.tax_no as "taxNo",
      i.kind, i.email, i.receiver_name as "receiverName", i.receiver_phone as "receiverPhone", i.receiver_address as "receiverAddress",
      i.province, i.courier_fee_cents::int as "courierFee", i.status, i.pdf_url as "pdfUrl", i.tracking_no as "trackingNo",
      i.courier_company as "courierCompany", i.created_at as "createdAt", i.issued_at as "issuedAt", u.name as "createdByName"
    from company_invoice i join company c on c.id = i.company_id left join staff_user u on u.id = i.created_by
    where ${where} order by i.id desc`;

const platformInvoiceDbRow = platformInvoiceRow
  .omit({ amountY: true, courierFeeY: true })
  .extend({
    amount: z.coerce.number(),
    courierFee: z.coerce.number(),
    createdAt: timestampText,
    issuedAt: timestampText.nullable(),
    createdByName: emptyIfNull,
  })
  .transform((r) => ({ ...r, amountY: centsToYuan(r.amount), courierFeeY: centsToYuan(r.courierFee) }));

/** Prices as the database answers them (cents), as the catalogue shows them (yuan). */
const functionPrice = z.object({ timeType: z.number().int(), price: z.coerce.number() }).transform((p) => ({ timeType: p.timeType, priceY: centsToYuan(p.price) }));
const mealPrice = z
  .object({ time: z.number().int(), timeType: z.number().int(), price: z.coerce.number() })
  .transform((p) => ({ time: p.time, timeType: p.timeType, priceY: centsToYuan(p.price) }));

async function catalogue(db: Db) {
  const functions = await parsedRows(
    db,
    sql`select f.code, f.name, f.description, f.quota,
        coalesce(json_agg(json_build_object('timeType', p.time_type, 'price', p.price_cents) order by p.time_type)
          filter (where p.time_type is not null), '[]') as prices
      from sys_function f left join function_price p on p.function_code = f.code group by f.code order by f.code`,
    catalogueFunction.extend({ prices: z.array(functionPrice) }),
  );
  const meals = await parsedRows(
    db,
    sql`select m.id, m.name, m.description, m.enabled, m.sort,
        coalesce((select array_agg(function_code order by function_code) from sys_meal_function where meal_id = m.id), '{}') as "functionCodes",
        coalesce((select json_agg(json_build_object('time', p.time, 'timeType', p.time_type, 'price', p.price_cents) order by p.time_type, p.time)
          from sys_meal_price p where p.meal_id = m.id), '[]') as prices,
        (select count(*)::int from company_order o where o.meal_id = m.id) as "orderCount"
      from sys_meal m order by m.sort, m.id`,
    catalogueMeal.extend({ prices: z.array(mealPrice), orderCount: z.coerce.number() }),
  );
  return { functions, meals };
}

export function platformRoutes(app: FastifyInstance) {
  const { db, storage } = app.deps;
  const guard = (request: FastifyRequest) => operatorOf(db, request);

  defineRoute(
    app,
    operatorLogin,
    async ({ input, request, reply }) =>
      operatorSignIn(db, reply, input, request.ip, (tx, operator) =>
        recordAudit(tx, { actor: operatorActor({ ...operator, operatorId: operator.id }), kind: 'signIn', ep: operatorLogin, input, request }),
      ),
    { rateLimit: 'signIn' },
  );
  defineRoute(
    app,
    operatorLogout,
    async ({ request, reply }) => {
      await operatorSignOut(db, reply, await operatorOf(db, request));
      return null;
    },
    { guard, auditKind: 'signOut' },
  );
  defineRoute(app, operatorInfo, async ({ request }) => {
    const operator = await operatorOf(db, request);
    return { id: operator.operatorId, loginAccount: operator.loginAccount, name: operator.name };
  }, { guard });

  defineRoute(
    app,
    platformInvoiceList,
    async ({ input }) => {
      const where = sql`${input.status ? sql`i.status = ${input.status}` : sql`true`}
        and ${input.companyName ? sql`c.name ilike ${`%${escapeLike(input.companyName)}%`}` : sql`true`}`;
      const count = sql`select count(*)::int as n from company_invoice i join company c on c.id = i.company_id where ${where}`;
      return pagedRows(db, { count, rows: platformInvoicesSql(where) }, platformInvoiceDbRow, input);
    },
    { guard },
  );

  defineRoute(
    app,
    platformUploadInvoicePdf,
    async ({ request }) => {
      if (!request.isMultipart()) throw badRequest('请选择发票 PDF 文件');
      const part = await request.file({ limits: { fileSize: PDF_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest('请选择发票 PDF 文件');
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('发票文件不能超过 5 MB');
        throw error;
      }
      if (content.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest('发票文件必须是 PDF');
      const key = `${INVOICE_PDF_PREFIX}${randomUUID()}.pdf`;
      await storage.put(key, content);
      return { url: key };
    },
    // the file is read from the network inside the handler: not while holding a transaction
    { guard, ownTransactions: true },
  );

  defineRoute(
    app,
    platformIssueInvoice,
    async ({ input, request }) => {
      const operator = await operatorOf(db, request);
      const [invoice] = await rowsOf<{ kind: string; status: string }>(db, sql`select kind, status from company_invoice where id = ${input.id}`);
      if (!invoice) throw notFound('发票申请不存在');
      if (invoice.kind === 'electronic') {
        if (!input.pdfUrl) throw badRequest('请上传电子发票 PDF');
        if (!input.pdfUrl.startsWith(INVOICE_PDF_PREFIX) || !/^invoices\/[0-9a-f-]{36}\.pdf$/.test(input.pdfUrl)) throw badRequest('电子发票文件不正确');
      } else {
        if (!input.courierCompany) throw badRequest('请输入快递公司');
        if (!input.trackingNo) throw badRequest('请输入快递单号');
      }
      const [issued] = await rowsOf<{ id: number }>(
        db,
        sql`update company_invoice set status = 'issued', issued_at = now(), issued_by = ${operator.operatorId},
            pdf_url = ${invoice.kind === 'electronic' ? input.pdfUrl : ''},
            courier_company = ${invoice.kind === 'paper' ? input.courierCompany : ''},
            tracking_no = ${invoice.kind === 'paper' ? input.trackingNo : ''}
          where id = ${input.id} and status = 'submitted' returning id`,
      );
      if (!issued) {
        const [now] = await rowsOf<{ status: string }>(db, sql`select status from company_invoice where id = ${input.id}`);
        throw conflict(now!.status === 'issued' ? '该发票已开具' : '该申请尚未提交（快递费未支付或已取消），不能开具');
      }
      return (await parsedRows(db, platformInvoicesSql(sql`i.id = ${input.id}`), platformInvoiceDbRow))[0]!;
    },
    { guard, successMsg: '发票已开具' },
  );

  defineFileRoute(app, platformInvoicePdf, async ({ input }) => issuedInvoicePdf(db, storage, input.id), { guard });

  defineRoute(app, platformCatalogue, async () => catalogue(db), { guard });

  defineRoute(
    app,
    platformSaveFunctionPrices,
    async ({ input }) => {
      await db.transaction(async (tx) => {
        const [known] = await rowsOf<{ code: string }>(tx, sql`select code from sys_function where code = ${input.code} for update`);
        if (!known) throw notFound('功能项不存在');
        await tx.execute(sql`delete from function_price where function_code = ${input.code}`);
        for (const p of input.prices) {
          await tx.execute(sql`insert into function_price (function_code, time_type, price_cents) values (${input.code}, ${p.timeType}, ${p.priceY})`);
        }
      });
      return (await catalogue(db)).functions.find((f) => f.code === input.code)!;
    },
    { guard, successMsg: '价格已保存' },
  );

  defineRoute(
    app,
    platformSaveMeal,
    async ({ input }) => {
      // Two saves of one name at once: the unique name decides, and the loser is told as the check would tell it.
      const id = await refusingViolations(() => db.transaction(async (tx) => {
        const known = await rowsOf<{ code: string }>(tx, sql`select code from sys_function where code in (${inList(input.functionCodes)})`);
        const missing = input.functionCodes.find((code) => !known.some((k) => k.code === code));
        if (missing) throw badRequest(`功能项“${missing}”不存在`);
        const [taken] = await rowsOf<{ id: number }>(
          tx,
          sql`select id from sys_meal where name = ${input.name} ${input.id ? sql`and id <> ${input.id}` : sql``}`,
        );
        if (taken) throw conflict('已有同名套餐');
        let mealId = input.id;
        if (mealId) {
          const [updated] = await rowsOf<{ id: number }>(
            tx,
            sql`update sys_meal set name = ${input.name}, description = ${input.description}, enabled = ${input.enabled}, sort = ${input.sort}
              where id = ${mealId} returning id`,
          );
          if (!updated) throw notFound('套餐不存在');
          await tx.execute(sql`delete from sys_meal_function where meal_id = ${mealId}`);
          await tx.execute(sql`delete from sys_meal_price where meal_id = ${mealId}`);
        } else {
          const [made] = await rowsOf<{ id: number }>(
            tx,
            sql`insert into sys_meal (name, description, enabled, sort) values (${input.name}, ${input.description}, ${input.enabled}, ${input.sort}) returning id`,
          );
          mealId = made!.id;
        }
        for (const code of new Set(input.functionCodes)) {
          await tx.execute(sql`insert into sys_meal_function (meal_id, function_code) values (${mealId}, ${code})`);
        }
        for (const p of input.prices) {
          await tx.execute(sql`insert into sys_meal_price (meal_id, time, time_type, price_cents) values (${mealId}, ${p.time}, ${p.timeType}, ${p.priceY})`);
        }
        return mealId;
      }), { unique: conflict('已有同名套餐') });
      return (await catalogue(db)).meals.find((m) => m.id === id)!;
    },
    { guard, successMsg: '套餐已保存' },
  );
}
