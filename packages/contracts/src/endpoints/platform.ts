import { z } from 'zod';
import { requiredText } from '../validation.js';
import { emptyInput, getEndpoint, idOf, okOutput, pageInput, pageOf, postEndpoint } from '../api.js';
import { INVOICE_PERMISSIONS } from '../permissions.js';
import { INVOICE_STATUSES, type InvoiceStatus, invoiceRow, yuanAmountSchema } from './order.js';

/**
 * The platform operator's area (DESIGN §12): separate accounts and sessions (the `Platform-Token` cookie or the
 * `X-Operator-Token` header), never a company's staff session. These calls are `auth: false` for the staff session
 * check; the server checks the operator's own session on every path under /platform/ but the sign-in.
 */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';
export const OPERATOR_TOKEN_COOKIE = 'Platform-Token';

export const operatorUser = z.object({ id: z.number().int(), loginAccount: z.string(), name: z.string() });

export const operatorLogin = postEndpoint('/platform/login', {
  auth: false,
  input: z.object({
    loginAccount: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(50, '账号最长 50 个字符'),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码最长 64 位'),
  }),
  output: operatorUser.extend({ token: z.string() }),
});

export const operatorLogout = postEndpoint('/platform/logout', { auth: false, input: emptyInput, output: okOutput });
export const operatorInfo = getEndpoint('/platform/me', { auth: false, input: emptyInput, output: operatorUser });

export const platformInvoiceRow = invoiceRow.omit({ feeOrder: true }).extend({ companyId: z.number().int(), companyName: z.string() });
export type PlatformInvoiceRow = z.infer<typeof platformInvoiceRow>;

export const platformInvoiceList = postEndpoint('/platform/invoice/list', {
  reads: true,
  auth: false,
  input: pageInput.extend({
    status: z
      .enum(Object.keys(INVOICE_STATUSES) as [InvoiceStatus, ...InvoiceStatus[]], { error: '发票状态不正确' })
      .optional(),
    /** Part of the requesting company's name. */
    companyName: z.string({ error: '单位名称必须是文字' }).trim().max(50, '单位名称最长 50 个字符').default(''),
  }),
  output: pageOf(platformInvoiceRow),
});

/** Issues a submitted invoice: the e-invoice's PDF (an uploaded file's URL) or the courier and tracking number of a paper one. */
export const platformIssueInvoice = postEndpoint('/platform/invoice/issue/:id', {
  auth: false,
  input: z.object({
    id: idOf('发票申请'),
    pdfUrl: z.string().trim().max(500, '文件地址过长').default(''),
    courierCompany: z.string().trim().max(30, '快递公司最长 30 个字').default(''),
    trackingNo: z
      .string()
      .trim()
      .max(40, '快递单号最长 40 个字符')
      .refine((v) => v === '' || /^[A-Za-z0-9-]{6,40}$/.test(v), '快递单号只能是 6–40 位字母、数字或横线')
      .default(''),
  }),
  output: platformInvoiceRow,
});

/** Uploads an e-invoice PDF (multipart, one file, ≤ 5 MB); answers its URL for `platformIssueInvoice`. */
export const platformUploadInvoicePdf = postEndpoint('/platform/invoice/pdf', {
  auth: false,
  input: emptyInput,
  output: z.object({ url: z.string() }),
});

/** Serves an issued e-invoice PDF to its company's staff (staff session) or to an operator. */
/** The same PDF for the platform operator (the operator's cookie goes only to /api/platform). */
export const platformInvoicePdf = getEndpoint('/platform/invoice/:id/pdf', {
  auth: false,
  input: z.object({ id: idOf('发票申请') }),
  output: z.unknown(),
});

export const invoicePdf = getEndpoint('/admin/order/invoice/:id/pdf', {
  permissions: INVOICE_PERMISSIONS,
  input: z.object({ id: idOf('发票申请') }),
  output: z.unknown(),
});

const priceY = yuanAmountSchema('价格', 1_000_000);

export const catalogueFunction = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  quota: z.number().int().nullable(),
  prices: z.array(z.object({ timeType: z.number().int(), priceY: z.string() })),
});
export const catalogueMeal = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  functionCodes: z.array(z.string()),
  prices: z.array(z.object({ time: z.number().int(), timeType: z.number().int(), priceY: z.string() })),
  /** Orders made for it: a package that was sold can be disabled, not deleted. */
  orderCount: z.number().int(),
});
export type CatalogueMeal = z.infer<typeof catalogueMeal>;

export const platformCatalogue = getEndpoint('/platform/catalogue', {
  auth: false,
  input: emptyInput,
  output: z.object({ functions: z.array(catalogueFunction), meals: z.array(catalogueMeal) }),
});

const timeTypeField = z.coerce
  .number({ error: '请选择时长单位' })
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择时长单位（天、月或年）' }));

/** A function item's prices per time unit; a unit left out is no longer sold. */
export const platformSaveFunctionPrices = postEndpoint('/platform/function/:code/prices', {
  auth: false,
  input: z.object({
    code: z.string().trim().min(1).max(50),
    prices: z
      .array(z.object({ timeType: timeTypeField, priceY }), { error: '请填写价格' })
      .max(3)
      .refine((list) => new Set(list.map((p) => p.timeType)).size === list.length, '同一时长单位只能有一个价格'),
  }),
  output: catalogueFunction,
});

export const platformSaveMeal = postEndpoint('/platform/meal/save', {
  auth: false,
  input: z.object({
    id: idOf('套餐').optional(),
    name: requiredText('套餐名称', 30),
    description: z.string().trim().max(200, '套餐说明最长 200 个字').default(''),
    enabled: z.boolean().default(true),
    sort: z.coerce.number().int('排序必须是整数').min(0, '排序不能小于 0').max(9999, '排序不能大于 9999').default(0),
    functionCodes: z.array(z.string().trim().min(1).max(50), { error: '请选择功能项' }).min(1, '请至少选择一个功能项').max(20),
    prices: z
      .array(
        z.object({
          time: z.coerce.number().int('时长必须是整数').min(1, '时长最少为 1').max(120, '时长最多为 120'),
          timeType: timeTypeField,
          priceY,
        }),
      )
      .min(1, '请至少填写一个价格')
      .max(10, '最多 10 个价格')
      .refine((list) => new Set(list.map((p) => `${p.time}/${p.timeType}`)).size === list.length, '同一时长只能有一个价格'),
  }),
  output: catalogueMeal,
});
