import {
  TIME_TYPES,
  addAlreadyUseTimes,
  centsToYuan,
  companyRightList,
  getFunctionList,
  getFunctionPrice,
  getSetMealList,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { inList, rowsOf } from '../../shared/sql.js';

interface Price {
  time: number;
  timeType: number;
  priceCents: number;
}
const pricePoint = (p: Price) => ({ time: p.time, timeType: p.timeType, priceY: centsToYuan(Number(p.priceCents)) });

/** The price of function items for `time` units of `timeType`, in cents; a bad item or unit is a 400 naming it. */
export async function functionsPrice(db: Db, codes: string[], time: number, timeType: number): Promise<number> {
  const rows = await rowsOf<{ code: string; name: string; price: number | null }>(
    db,
    sql`select f.code, f.name, p.price_cents::int as price from sys_function f
      left join function_price p on p.function_code = f.code and p.time_type = ${timeType}
      where f.code in (${inList(codes)})`,
  );
  const missing = codes.find((code) => !rows.some((r) => r.code === code));
  if (missing) throw badRequest(`功能项“${missing}”不存在`);
  const unpriced = rows.find((r) => r.price === null);
  if (unpriced) throw badRequest(`功能项“${unpriced.name}”不按${TIME_TYPES[timeType as 1 | 2 | 3]}出售`);
  return rows.reduce((sum, r) => sum + Number(r.price) * time, 0);
}

/** A package's price for `time` units of `timeType`, in cents, with its name; 404 / 400 when there is no such package or price. */
export async function mealPrice(db: Db, mealId: number, time: number, timeType: number) {
  const [meal] = await rowsOf<{ name: string; price: number | null }>(
    db,
    sql`select m.name, p.price_cents::int as price from sys_meal m
      left join sys_meal_price p on p.meal_id = m.id and p.time = ${time} and p.time_type = ${timeType}
      where m.id = ${mealId} and m.enabled`,
  );
  if (!meal) throw notFound('套餐不存在');
  if (meal.price === null) throw badRequest(`套餐“${meal.name}”没有 ${time} ${TIME_TYPES[timeType as 1 | 2 | 3]}的价格`);
  return { name: meal.name, priceCents: Number(meal.price) };
}

export function catalogueRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, getFunctionList, async () => {
    const rows = await rowsOf<{ code: string; name: string; description: string; quota: number | null; prices: Price[] }>(
      db,
      sql`select f.code, f.name, f.description, f.quota,
          coalesce(json_agg(json_build_object('time', 1, 'timeType', p.time_type, 'priceCents', p.price_cents) order by p.time_type)
            filter (where p.time_type is not null), '[]') as prices
        from sys_function f left join function_price p on p.function_code = f.code
        group by f.code order by f.code`,
    );
    return rows.filter((r) => r.prices.length > 0).map((r) => ({ ...r, prices: r.prices.map(pricePoint) }));
  });

  defineRoute(app, getSetMealList, async () => {
    const rows = await rowsOf<{ id: number; name: string; description: string; functionList: { code: string; name: string }[]; prices: Price[] }>(
      db,
      sql`select m.id, m.name, m.description,
          coalesce((select json_agg(json_build_object('code', f.code, 'name', f.name) order by f.code)
            from sys_meal_function mf join sys_function f on f.code = mf.function_code where mf.meal_id = m.id), '[]') as "functionList",
          coalesce((select json_agg(json_build_object('time', p.time, 'timeType', p.time_type, 'priceCents', p.price_cents) order by p.time_type, p.time)
            from sys_meal_price p where p.meal_id = m.id), '[]') as prices
        from sys_meal m where m.enabled order by m.sort, m.id`,
    );
    return rows.map((r) => ({ ...r, prices: r.prices.map(pricePoint) }));
  });

  defineRoute(app, getFunctionPrice, async ({ input }) => {
    const price = await functionsPrice(db, input.functionList, input.time, input.timeType);
    return { price, priceY: centsToYuan(price) };
  });

  defineRoute(app, companyRightList, async ({ session }) => {
    const rows = await rowsOf<{
      id: number;
      functionCode: string;
      name: string;
      validFrom: Date;
      validUntil: Date;
      quota: number | null;
      used: number;
      orderNo: string | null;
    }>(
      db,
      sql`select r.id, r.function_code as "functionCode", f.name, r.valid_from as "validFrom", r.valid_until as "validUntil",
          r.quota, r.used, o.order_no as "orderNo"
        from company_right r join sys_function f on f.code = r.function_code
        left join company_order o on o.id = r.order_id and o.company_id = r.company_id
        where r.company_id = ${session.companyId} order by r.valid_until desc, r.id desc`,
    );
    const now = Date.now();
    return rows.map((r) => {
      const from = new Date(r.validFrom);
      const until = new Date(r.validUntil);
      return {
        ...r,
        validFrom: from.toISOString(),
        validUntil: until.toISOString(),
        state: until.getTime() <= now ? ('expired' as const) : from.getTime() > now ? ('future' as const) : ('active' as const),
        orderNo: r.orderNo ?? '',
      };
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
