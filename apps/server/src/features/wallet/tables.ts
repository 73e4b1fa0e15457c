import { sql } from 'drizzle-orm';
import type { LedgerType } from '@zhaokao/contracts';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';

/** The company wallet's balance in integer cents; it changes only together with a ledger row. */
export const companyWallet = pgTable(
  'company_wallet',
  {
    companyId: integer('company_id').primaryKey().references(() => company.id),
    totalBalance: bigint('total_balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('company_wallet_balance_not_negative', sql`${t.totalBalance} >= 0`)],
);

/** Every movement of a wallet, append-only (DESIGN §6); `balanceAfter` is the balance once it was applied. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    type: text('type').$type<LedgerType>().notNull(),
    /** Signed cents: positive credits the wallet. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    orderNo: text('order_no'),
    remark: text('remark').notNull().default(''),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_ledger_company_created').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    check('wallet_ledger_balance_not_negative', sql`${t.balanceAfter} >= 0`),
    check('wallet_ledger_type', sql`${t.type} in ('recharge', 'payment', 'refund', 'adjust')`),
  ],
);
