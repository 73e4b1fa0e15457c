import { z } from 'zod';
import { orderView } from '../order-view.js';
import { requiredText } from '../validation.js';
import { emptyInput, exportEndpoint, getEndpoint, idOf, pageInput, pageOf, postEndpoint } from '../api.js';
import { yuanToCents } from '../money.js';
import { INVOICE_PERMISSIONS } from '../permissions.js';
import { feePaymentView } from './fee-payment.js';

/** DESIGN §6 / SPEC §9: what an order is for. */
/** 10 (报名费, a candidate's registration fee) is ours: SPEC's 考务费 orders, paid by candidates to the company. */
export const ORDER_TYPES = { 5: '发票快递费', 6: '购买功能项', 7: '购买套餐', 8: '钱包充值', 9: '购买简历', 10: '报名费' } as const;
export type OrderType = 5 | 6 | 7 | 8 | 9 | 10;
/** The company's own purchases (缴费记录); 10 is a candidate's. */
export const COMPANY_ORDER_TYPES = [5, 6, 7, 8, 9] as const;
export const FEE_ORDER_TYPE = 10;
export const ORDER_STATUSES = { 0: '待支付', 1: '已支付', 2: '已关闭', 3: '已退款' } as const;
export type OrderStatus = 0 | 1 | 2 | 3;
/** SPEC §9: 1 and 2 are the dictionary sys_pay_type's QR channels; 3 is the wallet, never offered for a recharge. */
export const PAY_CHANNELS = { 1: '微信支付', 2: '支付宝', 3: '钱包余额' } as const;
export type PayChannel = 1 | 2 | 3;
export const WALLET_CHANNEL = 3;
export const TIME_TYPES = { 1: '天', 2: '月', 3: '年' } as const;
export type TimeType = 1 | 2 | 3;
/** An unpaid order closes itself after this long. */
export const ORDER_OPEN_MINUTES = 30;

export const WALLET_SHORT = '钱包余额不足';
export const ORDER_NOT_PAYABLE = '订单已关闭或已支付，不能再支付';
export const RECHARGE_BY_WALLET = '充值订单不能使用钱包余额支付';
export const ORDER_MISSING = '订单不存在';
/** The order's open QR code could not be closed at its provider: paying another way now could take the money twice. */
export const QR_NOT_CLOSED = '暂时无法关闭该订单的扫码支付，请稍后再试';
/** Paying from the wallet found the order's QR code paid already: the order is paid by it, the wallet is not charged. */
export const ORDER_PAID_BY_QR = '该订单已通过扫码支付，钱包未扣款';
export const CHOOSE_PAY_CHANNEL = '请选择支付方式';

/** Whether an order of this type may be paid with the wallet (SPEC §9: never a recharge). */
export const walletAllowedFor = (type: OrderType) => type !== 8;

const timeSchema = z.coerce
  .number({ error: '购买时长必须是数字' })
  .int('购买时长必须是整数')
  .min(1, '购买时长最少为 1')
  .max(120, '购买时长最多为 120');
const timeTypeSchema = z.coerce
  .number({ error: '请选择时长单位' })
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择时长单位（天、月或年）' }));
const functionListSchema = z
  .array(z.string({ error: '功能项不正确' }).trim().min(1, '功能项不正确').max(50, '功能项不正确'), { error: '请选择功能项' })
  .min(1, '请至少选择一个功能项')
  .max(20, '一次最多购买 20 个功能项')
  .refine((list) => new Set(list).size === list.length, '功能项重复');
/** The token of `getToken`: the same one sent twice makes one order. */
const requestTokenSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{16,64}$/, '下单凭证不正确').optional();

/** A yuan amount typed by a person: "100", "99.5", "99.50"; more than two decimals or not a number is refused. */
export const yuanAmountSchema = (what: string, maxYuan: number) =>
  z
    .string({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .refine((v) => yuanToCents(v) !== null, `${what}格式不正确，最多两位小数`)
    .transform((v) => yuanToCents(v)!)
    .refine((cents) => cents > 0, `${what}必须大于 0`)
    .refine((cents) => cents <= maxYuan * 100, `${what}最多 ${maxYuan} 元`);

export const pricePoint = z.object({ time: z.number().int(), timeType: z.number().int(), priceY: z.string() });

export const functionItem = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Uses one purchase grants (resume views); null for an item that is only held. */
  quota: z.number().int().nullable(),
  /** The price of one unit of each time type sold (time is 1). */
  prices: z.array(pricePoint),
});
export type FunctionItem = z.infer<typeof functionItem>;

export const mealItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  functionList: z.array(z.object({ code: z.string(), name: z.string() })),
  prices: z.array(pricePoint),
});
export type MealItem = z.infer<typeof mealItem>;

export const getFunctionList = getEndpoint('/open/meal/getFunctionList', { input: emptyInput, output: z.array(functionItem) });
export const getSetMealList = getEndpoint('/open/meal/getSetMealList', { input: emptyInput, output: z.array(mealItem) });

/** SPEC §7: the price of some function items for a time; the same figure the order will be made for. */
export const getFunctionPrice = postEndpoint('/open/meal/getFunctionPrice', {
  reads: true,
  input: z.object({ time: timeSchema, timeType: timeTypeSchema, functionList: functionListSchema }),
  output: z.object({ priceY: z.string(), price: z.number().int() }),
});

export const companyRightRow = z.object({
  id: z.number().int(),
  functionCode: z.string(),
  name: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  /** 生效中 / 未生效 / 已过期 */
  state: z.enum(['active', 'future', 'expired']),
  quota: z.number().int().nullable(),
  used: z.number().int(),
  orderNo: z.string(),
});
export type CompanyRightRow = z.infer<typeof companyRightRow>;

/** 已购买权益: every right the company was granted, newest first. */
export const companyRightList = getEndpoint('/admin/order/rights', { input: emptyInput, output: z.array(companyRightRow) });

/** SPEC §7: one use of a quota right (a resume viewed); refused when none is left. */
export const addAlreadyUseTimes = postEndpoint('/open/meal/addAlreadyUseTimes/:id', {
  input: z.object({ id: idOf('权益') }),
  output: z.object({ quota: z.number().int(), used: z.number().int() }),
});

export const getToken = postEndpoint('/admin/order/getToken', {
  permissions: ['order:manage'],
  input: emptyInput,
  output: z.object({ token: z.string() }),
});

export const companyBuyFunction = postEndpoint('/admin/order/companyBuyFunction', {
  permissions: ['order:manage'],
  input: z.object({ time: timeSchema, timeType: timeTypeSchema, functionList: functionListSchema, token: requestTokenSchema }),
  output: orderView,
});

export const companyBuyMeal = postEndpoint('/admin/order/companyBuyMeal', {
  permissions: ['order:manage'],
  input: z.object({ time: timeSchema, timeType: timeTypeSchema, mealId: idOf('套餐'), token: requestTokenSchema }),
  output: orderView,
});

export const MAX_RECHARGE_YUAN = 1_000_000;
export const saveCompanyRecharge = postEndpoint('/admin/order/saveCompanyRecharge', {
  permissions: ['order:manage'],
  input: z.object({ amountY: yuanAmountSchema('充值金额', MAX_RECHARGE_YUAN), token: requestTokenSchema }),
  output: orderView,
});

/** SPEC §7: pay an order by a QR channel (`appId` is the channel: 1 WeChat Pay, 2 Alipay); the QR text comes back. */
export const payByQr = postEndpoint('/admin/wechat/pay/:appId', {
  permissions: ['order:manage'],
  input: z.object({
    appId: z.coerce.number({ error: CHOOSE_PAY_CHANNEL }).refine((v) => v === 1 || v === 2, CHOOSE_PAY_CHANNEL),
    orderId: z.string({ error: '订单号不正确' }).trim().min(1, '订单号不正确').max(40, '订单号不正确'),
    orderType: z.coerce.number().int().optional(),
  }),
  output: orderView,
});

/** SPEC §7: the order as it stands, after asking the provider when it is still open (the payment dialog polls it). */
export const syncCallback = postEndpoint('/admin/wechat/syncCallback', {
  permissions: ['order:manage'],
  input: z.object({ orderId: z.string({ error: '订单号不正确' }).trim().min(1, '订单号不正确').max(40, '订单号不正确') }),
  output: orderView,
});

/** SPEC §7: pay an order from the wallet. */
export const walletPay = postEndpoint('/wallet/pay/:id', {
  permissions: ['wallet:pay'],
  input: z.object({ id: idOf('订单') }),
  output: orderView,
});

export const closeCompanyOrder = postEndpoint('/admin/order/close/:id', {
  permissions: ['order:manage'],
  input: z.object({ id: idOf('订单') }),
  output: orderView,
});

export const companyOrderDetail = getEndpoint('/admin/order/companyOrder/:id', {
  permissions: ['order:manage'],
  input: z.object({ id: idOf('订单') }),
  output: orderView.extend({
    /** How it was paid, told in words, oldest first ("微信支付通知：已支付"; "重复通知，已忽略"). */
    events: z.array(z.object({ at: z.string(), provider: z.string(), outcome: z.string(), text: z.string() })),
  }),
});

const statusFilter = z.coerce
  .number({ error: '订单状态不正确' })
  .refine((v) => Object.hasOwn(ORDER_STATUSES, v), '订单状态不正确')
  .optional();
const typeFilter = z.coerce
  .number({ error: '订单类型不正确' })
  .refine((v) => (COMPANY_ORDER_TYPES as readonly number[]).includes(v), '订单类型不正确')
  .optional();

/** 缴费记录: the company's own orders. */
export const companyOrderList = postEndpoint('/admin/order/companyOrderList', {
  reads: true,
  permissions: ['order:manage'],
  input: pageInput.extend({
    status: statusFilter,
    type: typeFilter,
    orderId: z.string({ error: '订单号必须是文字' }).trim().max(40, '订单号最长 40 个字符').default(''),
  }),
  output: pageOf(orderView),
});


/** How staff say a registration fee was paid offline. */
export const OFFLINE_METHODS = { cash: '现金', transfer: '银行转账' } as const;
export type OfflineMethod = keyof typeof OFFLINE_METHODS;
const offlineMethodSchema = z.enum(Object.keys(OFFLINE_METHODS) as [OfflineMethod, ...OfflineMethod[]], { error: '请选择线下缴费方式' });

export const feeOrderView = z.object({
  id: z.number().int(),
  orderId: z.string(),
  status: z.number().int(),
  totalAmount: z.number().int(),
  totalAmountY: z.string(),
  payChannel: z.number().int().nullable(),
  provider: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  applicationId: z.number().int(),
  realName: z.string(),
  identityNo: z.string(),
  phone: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.string(),
  note: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  /** cash | transfer: set while the candidate is to pay at the counter (status 0) and once staff confirmed it (1). */
  offlineMethod: z.string().nullable(),
  confirmedByName: z.string(),
  confirmedAt: z.string().nullable(),
});
export type FeeOrderView = z.infer<typeof feeOrderView>;

const feeOrderFilters = {
  planId: idOf('招录计划').optional(),
  status: statusFilter,
  /** Name, identity number, phone or order number. */
  keyword: z.string({ error: '关键词必须是文字' }).trim().max(50, '关键词最长 50 个字').default(''),
};

/** 报名缴费管理: the registration-fee orders of the company's plans. */
export const omsOrderList = postEndpoint('/order/omsOrder/list', {
  reads: true,
  permissions: ['order:manage'],
  input: pageInput.extend(feeOrderFilters),
  output: pageOf(feeOrderView),
});

export const exportFeeOrderList = exportEndpoint('/order/omsOrder/export', {
  permissions: ['order:manage'],
  input: z.object(feeOrderFilters),
  output: z.unknown(),
});

const feeOrderDetail = feeOrderView.extend({
  events: z.array(z.object({ at: z.string(), provider: z.string(), outcome: z.string(), text: z.string() })),
});
export const omsOrderDetail = getEndpoint('/order/omsOrder/:id', {
  permissions: ['order:manage'],
  input: z.object({ id: idOf('订单') }),
  output: feeOrderDetail,
});
/** SPEC names both; the same detail. */
export const omsOrderGetById = getEndpoint('/order/omsOrder/getById/:id', {
  permissions: ['order:manage'],
  input: z.object({ id: idOf('订单') }),
  output: feeOrderDetail,
});

export const omsOrderClose = postEndpoint('/order/omsOrder/update/close', {
  permissions: ['order:manage'],
  input: z.object({ id: idOf('订单') }),
  output: feeOrderView,
});

/** Deletes closed registration-fee orders from the list (kept for the record); any other status refuses them all. */
export const omsOrderDeleteList = postEndpoint('/order/omsOrder/deleteList', {
  permissions: ['order:manage'],
  input: z.object({
    ids: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(idOf('订单'), { error: '请选择订单' }).min(1, '请选择订单').max(500, '一次最多删除 500 个订单'),
    ),
  }),
  output: z.object({ deleted: z.number().int() }),
});

export const omsOrderNote = postEndpoint('/order/omsOrder/update/note', {
  permissions: ['order:manage'],
  input: z.object({ id: idOf('订单'), note: z.string({ error: '备注必须是文字' }).trim().max(200, '备注最长 200 个字') }),
  output: feeOrderView,
});

/** The candidate will pay at the counter: the order stays open (it no longer closes after 30 minutes) until confirmed or closed. */
export const omsOrderOffline = postEndpoint('/order/omsOrder/update/offlineOrder', {
  permissions: ['order:manage'],
  input: z.object({ id: idOf('订单'), offlineMethod: offlineMethodSchema }),
  output: feeOrderView,
});

export const omsOrderReceiver = postEndpoint('/order/omsOrder/update/receiverInfo', {
  permissions: ['order:manage'],
  input: z.object({
    id: idOf('订单'),
    receiverName: requiredText('收件人', 30),
    receiverPhone: z.string({ error: '请输入收件电话' }).trim().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码'),
    receiverAddress: requiredText('收件地址', 200),
  }),
  output: feeOrderView,
});

/** SPEC §7: staff confirm a registration fee was paid offline (`a` the order, `b` how), with a note; recorded with who confirmed. */
export const confirmOfflinePayment = postEndpoint('/admin/order/confirmOfflinePayment/:id/:method', {
  permissions: ['order:manage'],
  input: z.object({
    id: idOf('订单'),
    method: offlineMethodSchema,
    note: z.string({ error: '请输入确认说明' }).trim().min(1, '请输入确认说明（如收据号、转账流水号）').max(200, '确认说明最长 200 个字'),
  }),
  output: feeOrderView,
});

const candidateProof = {
  applicationId: idOf('报名'),
  identityNo: z.string({ error: '请输入身份证号' }).trim().min(1, '请输入身份证号').max(18, '身份证号不正确'),
  phone: z.string({ error: '请输入手机号码' }).trim().min(1, '请输入手机号码').max(11, '手机号码不正确'),
};

/** Candidate-site call: pay one's registration fee by a QR channel; the open order's QR is re-used, a closed one replaced. */
export const payRegistrationFee = postEndpoint('/open/fee/pay', {
  auth: false,
  input: z.object({ ...candidateProof, appId: z.coerce.number({ error: '请选择支付方式' }).refine((v) => v === 1 || v === 2, '请选择支付方式') }),
  output: feePaymentView,
});

/** Candidate-site call: the registration fee as it stands (the payment page polls it). */
export const registrationFeeStatus = postEndpoint('/open/fee/status', {
  reads: true,
  auth: false,
  input: z.object(candidateProof),
  output: feePaymentView.nullable(),
});

/** Courier fee of a paper invoice by destination province (mainland), in cents. */
export const COURIER_FEES: Record<string, number> = {
  湖南省: 1_000,
  湖北省: 1_200, 江西省: 1_200, 广东省: 1_200, 广西壮族自治区: 1_200, 贵州省: 1_200, 重庆市: 1_200,
  北京市: 1_500, 天津市: 1_500, 河北省: 1_500, 山西省: 1_500, 辽宁省: 1_500, 吉林省: 1_500, 黑龙江省: 1_500,
  上海市: 1_500, 江苏省: 1_500, 浙江省: 1_500, 安徽省: 1_500, 福建省: 1_500, 山东省: 1_500, 河南省: 1_500,
  四川省: 1_500, 云南省: 1_500, 陕西省: 1_500, 甘肃省: 1_800, 宁夏回族自治区: 1_800, 海南省: 1_800,
  内蒙古自治区: 2_000, 青海省: 2_500, 新疆维吾尔自治区: 2_500, 西藏自治区: 3_000,
};
export const INVOICE_KINDS = { electronic: '电子发票', paper: '纸质发票' } as const;
export type InvoiceKind = keyof typeof INVOICE_KINDS;
/** awaiting_fee: a paper invoice's courier fee is not paid yet; cancelled: that fee's order closed unpaid. */
export const INVOICE_STATUSES = { awaiting_fee: '待支付快递费', submitted: '已提交，待开具', issued: '已开具', cancelled: '已取消' } as const;
export type InvoiceStatus = keyof typeof INVOICE_STATUSES;

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** Whether `code` is an 18-character unified social credit code (统一社会信用代码) with a right check character. */
export function isUnifiedCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const sum = USCC_WEIGHTS.reduce((total, weight, i) => total + USCC_CHARS.indexOf(code[i]!) * weight, 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

export const invoiceLimit = z.object({
  /** Paid by WeChat Pay or Alipay (wallet payments are invoiced through their recharge). */
  paid: z.number().int(),
  /** Asked for already (not cancelled). */
  requested: z.number().int(),
  limit: z.number().int(),
  limitY: z.string(),
});

export const getApplyInvoiceAmountLimit = getEndpoint('/admin/order/invoice/getApplyInvoiceAmountLimit', {
  permissions: INVOICE_PERMISSIONS,
  input: emptyInput,
  output: invoiceLimit,
});

export const getCourierFee = getEndpoint('/admin/order/invoice/getCourierFee/:province', {
  permissions: INVOICE_PERMISSIONS,
  input: z.object({ province: z.string().trim().refine((p) => Object.hasOwn(COURIER_FEES, p), '请选择正确的省份') }),
  output: z.object({ province: z.string(), fee: z.number().int(), feeY: z.string() }),
});

export const invoiceRow = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  amountY: z.string(),
  title: z.string(),
  taxNo: z.string(),
  kind: z.string(),
  email: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  province: z.string(),
  courierFeeY: z.string(),
  /** The courier fee's order (type 5) for a paper invoice: pay it with the payment dialog. */
  feeOrder: orderView.nullable(),
  status: z.string(),
  pdfUrl: z.string(),
  trackingNo: z.string(),
  courierCompany: z.string(),
  createdAt: z.string(),
  issuedAt: z.string().nullable(),
  createdByName: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

const invoiceTitle = requiredText('发票抬头', 100);
export const saveCompanyInvoice = postEndpoint('/admin/order/invoice/saveCompanyInvoice', {
  permissions: INVOICE_PERMISSIONS,
  input: z
    .object({
      amountY: yuanAmountSchema('开票金额', MAX_RECHARGE_YUAN * 10),
      title: invoiceTitle,
      taxNo: z
        .string({ error: '请输入纳税人识别号' })
        .trim()
        .toUpperCase()
        .refine(isUnifiedCreditCode, '请输入正确的纳税人识别号（18 位统一社会信用代码）'),
      kind: z.enum(['electronic', 'paper'], { error: '请选择发票类型' }),
      email: z.string().trim().max(100, '邮箱最长 100 个字符').default(''),
      receiverName: z.string().trim().max(30, '收件人最长 30 个字').default(''),
      receiverPhone: z.string().trim().default(''),
      receiverAddress: z.string().trim().max(200, '收件地址最长 200 个字').default(''),
      province: z.string().trim().default(''),
    })
    .superRefine((v, ctx) => {
      const problem = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
      if (v.kind === 'electronic' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) problem('请输入接收电子发票的邮箱', 'email');
      if (v.kind === 'paper') {
        if (!v.receiverName) problem('请输入收件人', 'receiverName');
        else if (!/^1[3-9]\d{9}$/.test(v.receiverPhone)) problem('请输入正确的手机号码', 'receiverPhone');
        else if (!Object.hasOwn(COURIER_FEES, v.province)) problem('请选择正确的省份', 'province');
        else if (!v.receiverAddress) problem('请输入收件地址', 'receiverAddress');
      }
    }),
  output: invoiceRow,
});

export const companyInvoiceList = postEndpoint('/admin/order/invoice/list', {
  reads: true,
  permissions: INVOICE_PERMISSIONS,
  input: pageInput,
  output: pageOf(invoiceRow),
});

export const companyInvoiceDetail = getEndpoint('/admin/order/invoice/:id', {
  permissions: INVOICE_PERMISSIONS,
  input: z.object({ id: idOf('发票申请') }),
  output: invoiceRow.extend({
    /** 提交申请 → (支付快递费) → 开具, each with its time once done. */
    steps: z.array(z.object({ title: z.string(), done: z.boolean(), at: z.string().nullable(), text: z.string() })),
  }),
});
