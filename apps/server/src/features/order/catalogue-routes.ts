import {
  addAlreadyUseTimes, centsToYuan, companyRightList, companyRightRow, functionItem, getFunctionList,
  getFunctionPrice, getSetMealList, mealItem,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { emptyIfNull, parsedRows, timestampText } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { functionsPrice } from './prices.js';

/** A price as the database answers it (cents), as the contract shows it (yuan). */
const dbPricePoint = z
  .object({ time: z.number().int(), timeType: z.number().int(), priceCents: z.coerce.number() })
  .transform((p) => ({ time: p.time, timeType: p.timeType, priceY: centsToYuan(p.priceCents) }));

export function catalogueRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, getFunctionList, async () => {
    const rows = await parsedRows(
      db,
      sql`select f.code, f.name, f.description, f.quota,
          coalesce(json_agg(json_build_object('time', 1, 'timeType', p.time_type, 'priceCents', p.price_cents) order by p.time_type)
            filter (where p.time_type is not null), '[]') as prices
        from sys_function f left join function_price p on p.function_code = f.code
        group by f.code order by f.code`,
      functionItem.extend({ prices: z.array(dbPricePoint) }),
    );
    return rows.filter((r) => r.prices.length > 0);
  });

  defineRoute(app, getSetMealList, async () => {
    return parsedRows(
      db,
      sql`select m.id, m.name, m.description,
          coalesce((select json_agg(json_build_object('code', f.code, 'name', f.name) order by f.code)
            from sys_meal_function mf join sys_function f on f.code = mf.function_code where mf.meal_id = m.id), '[]') as "functionList",
          coalesce((select json_agg(json_build_object('time', p.time, 'timeType', p.time_type, 'priceCents', p.price_cents) order by p.time_type, p.time)
            from sys_meal_price p where p.meal_id = m.id), '[]') as prices
        from sys_meal m where m.enabled order by m.sort, m.id`,
      mealItem.extend({ prices: z.array(dbPricePoint) }),
    );
  });

  defineRoute(app, getFunctionPrice, async ({ input }) => {
    const price = await functionsPrice(db, input.functionList, input.time, input.timeType);
    return { price, priceY: centsToYuan(price) };
  });

  defineRoute(app, companyRightList, async ({ session }) => {
    const rows = await parsedRows(
      db,
      sql`select r.id, r.function_code as "functionCode", f.name, r.valid_from as "validFrom", r.valid_until as "validUntil",
          r.quota, r.used, o.order_no as "orderNo"
        from company_right r join sys_function f on f.code = r.function_code
        left join company_order o on o.id = r.order_id and o.company_id = r.company_id
        where r.company_id = ${session.companyId} order by r.valid_until desc, r.id desc`,
      companyRightRow.omit({ state: true }).extend({ validFrom: timestampText, validUntil: timestampText, orderNo: emptyIfNull }),
    );
    const now = Date.now();
    return rows.map((r) => {
      const from = new Date(r.validFrom).getTime();
      const until = new Date(r.validUntil).getTime();
      return { ...r, state: until <= now ? ('expired' as const) : from > now ? ('future' as const) : ('active' as const) };
    });
  });

  defineRoute(app, addAlreadyUseTimes, async ({ input, session }) => {
    const [used] = await rowsOf<{ quota: number; used: number }>(
      db,
      sql`update company_right set used = used + 1
        where id = ${input.id} and company_id = ${session.companyId} and quota is not null and used < quota
          and valid_from <= now() and valid_until > now()
        returning quota, used`,
    );
    if (used) return used;
    const [right] = await rowsOf<{ quota: number | null; active: boolean }>(
      db,
      sql`select quota, valid_from <= now() and valid_until > now() as active from company_right where id = ${input.id} and company_id = ${session.companyId}`,
    );
    if (!right) throw notFound('权益不存在');
    if (right.quota === null) throw badRequest('该权益不按次数计');
    if (!right.active) throw conflict('该权益不在有效期内');
    throw conflict('该权益的次数已用完');
  });
}
