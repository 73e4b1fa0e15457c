// runs on PostgreSQL too: parallel additions of one name, parallel first entries into a unit
import { addSubordinateCompany } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { company, staffUser } from '../../db/tables.js';
import { atOnce, expectError, useTestApp, warmUp } from '../../test/app.js';
import { newUnit, unitCalls } from './units.support.js';

const t = useTestApp();
const { list, switchTo } = unitCalls(t);

// The unit units.test.ts adds first (岳阳, its administrator 刘洋 too), so that the counts below are the same as there.
beforeAll(async () => {
  expect((await t.call(addSubordinateCompany, newUnit('岳阳', 'yueyang'), { token: t.admin })).status).toBe(200);
});

describe('公司管理: adding a unit', () => {
  it('parallel additions of one name: one wins', async () => {
    await warmUp(() => list(t.admin));
    const answers = await atOnce(6, (i) => t.call(addSubordinateCompany, { ...newUnit('同名'), adminLoginAccount: `same_name_${i}` }, { token: t.admin }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expectError(refused, 409, '已有名为“湘江人力资源服务集团同名分公司”的单位，请换一个名称');
    }
    expect(await t.db.select().from(company).where(eq(company.name, '湘江人力资源服务集团同名分公司'))).toHaveLength(1);
    expect(await t.db.select().from(staffUser).where(eq(staffUser.name, '刘洋'))).toHaveLength(2); // 岳阳's and this one's
  });
});

describe('公司管理: entering a unit and returning', () => {
  it('parallel first entries make one linked account', async () => {
    const added = (await t.call(addSubordinateCompany, newUnit('常德'), { token: t.admin })).data.id;
    const tokens = await atOnce(4, () => t.login('admin'));
    const answers = await Promise.all(tokens.map((token) => switchTo(token, added)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    // switching twice with one token: the second finds its session over
    const token = await t.login('admin');
    const [first, second] = await Promise.all([switchTo(token, added), switchTo(token, added)]);
    expect([first.status, second.status].sort()).toEqual([200, 401]);
  });
});
