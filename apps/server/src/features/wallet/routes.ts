import { type LedgerType, companyWallet as companyWalletCall, walletLedgerList } from '@zhaokao/contracts';
import { type SQL, and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyWallet, staffUser, walletLedger } from '../../db/schema.js';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';

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
    const filters: SQL[] = [eq(walletLedger.companyId, session.companyId)];
    if (input.type) filters.push(eq(walletLedger.type, input.type));
    if (input.startDate) filters.push(gte(walletLedger.createdAt, dayStart(input.startDate)));
    if (input.endDate) filters.push(lt(walletLedger.createdAt, nextDayStart(input.endDate)));
    const where = and(...filters);
    const [total] = await db.select({ n: count() }).from(walletLedger).where(where);
    const rows = await db
      .select({ row: walletLedger, operatorName: staffUser.name })
      .from(walletLedger)
      .leftJoin(staffUser, and(eq(staffUser.id, walletLedger.operatorId), eq(staffUser.companyId, walletLedger.companyId)))
      .where(where)
      .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize);
    return {
      total: total!.n,
      list: rows.map(({ row, operatorName }) => ({
        id: row.id,
        // The column's check constraint admits only these types.
        type: row.type as LedgerType,
        amount: row.amount,
        balanceAfter: row.balanceAfter,
        orderNo: row.orderNo ?? '',
        remark: row.remark,
        operatorName: operatorName ?? '',
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });
}
