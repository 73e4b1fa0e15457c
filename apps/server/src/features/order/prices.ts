import { TIME_TYPES } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../shared/errors.js';
import { inList, rowsOf } from '../../shared/sql.js';

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
