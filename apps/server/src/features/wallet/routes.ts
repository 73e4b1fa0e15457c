import { companyWallet as companyWalletCall, ledgerRow, walletLedgerList } from '@zhaokao/contracts';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyWallet, staffUser, walletLedger } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { emptyIfNull, pagedRows, timestampText } from '../../shared/rows.js';
import { eqIfGiven } from '../../shared/sql.js';

/** The users' calendar is China's (UTC+8, no daylight saving): a date filter means that day there. */
const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);
const nextDayStart = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);

export function walletRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, companyWalletCall, async ({ input, session }) => {
    if (input.id !== session.companyId) throw notFound('单位不存在');
    const [wallet] = await db.select().from(companyWallet).where(eq(companyWallet.companyId, session.companyId));
    return { companyId: session.companyId, totalBalance: wallet?.totalBalance ?? 0 };
  });

  defineRoute(app, walletLedgerList, async ({ input, session }) => {
    const where = and(
      eq(walletLedger.companyId, session.companyId),
      eqIfGiven(walletLedger.type, input.type),
      input.startDate ? gte(walletLedger.createdAt, dayStart(input.startDate)) : undefined,
      input.endDate ? lt(walletLedger.createdAt, nextDayStart(input.endDate)) : undefined,
    );
    const query = db
      .select({
        id: walletLedger.id,
        type: walletLedger.type,
        amount: walletLedger.amount,
        balanceAfter: walletLedger.balanceAfter,
        orderNo: walletLedger.orderNo,
        remark: walletLedger.remark,
        operatorName: staffUser.name,
        createdAt: walletLedger.createdAt,
      })
      .from(walletLedger)
      .leftJoin(staffUser, and(eq(staffUser.id, walletLedger.operatorId), eq(staffUser.companyId, walletLedger.companyId)))
      .where(where)
      .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id));
    const row = ledgerRow.extend({ orderNo: emptyIfNull, operatorName: emptyIfNull, createdAt: timestampText });
    return pagedRows(db, { table: walletLedger, where, select: query.$dynamic() }, row, input);
  });
}
