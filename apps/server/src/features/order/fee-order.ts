import { FEE_ORDER_TYPE, ORDER_OPEN_MINUTES } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../shared/sql.js';

/** A registration-fee order for the application, open for 30 minutes; in the caller's transaction. */
export async function createFeeOrder(tx: Db, fee: { companyId: number; planId: number; applicationId: number; amountCents: number; planName: string }) {
  const [order] = await rowsOf<{ orderNo: string }>(
    tx,
    sql`insert into company_order (company_id, type, name, amount_cents, application_id, plan_id, expires_at)
      values (${fee.companyId}, ${FEE_ORDER_TYPE}, ${`报名费：${fee.planName}`}, ${fee.amountCents}, ${fee.applicationId},
        ${fee.planId}, now() + make_interval(mins => ${ORDER_OPEN_MINUTES}))
      returning order_no as "orderNo"`,
  );
  return order!.orderNo;
}
