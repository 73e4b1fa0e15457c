import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateRangeFilter, datesInOrder, idOf, pageInput, pageOf, postEndpoint } from '../api.js';

export const LEDGER_TYPES = {
  recharge: '充值',
  payment: '支付',
  refund: '退款',
  adjust: '调整',
} as const;
export type LedgerType = keyof typeof LEDGER_TYPES;

const ledgerTypes = Object.keys(LEDGER_TYPES) as [LedgerType, ...LedgerType[]];

/** SPEC §7: the company wallet; `totalBalance` in cents. */
export const companyWallet = postEndpoint('/wallet/companyWallet/:id', {
  reads: true,
  permissions: ['wallet:view'],
  input: z.object({ id: idOf('单位') }),
  output: z.object({ companyId: z.number().int(), totalBalance: z.number().int() }),
});

export const ledgerRow = z.object({
  id: z.number().int(),
  type: z.enum(ledgerTypes),
  /** Signed cents. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  orderNo: z.string(),
  remark: z.string(),
  operatorName: z.string(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

export const walletLedgerList = postEndpoint('/wallet/companyWallet/ledger/list', {
  reads: true,
  permissions: ['wallet:view'],
  input: pageInput
    .extend({
      type: z.enum(ledgerTypes, { error: '收支类型不正确' }).optional(),
      ...dateRangeFilter,
    })
    .refine(datesInOrder, DATE_RANGE_MESSAGE),
  output: pageOf(ledgerRow),
});
