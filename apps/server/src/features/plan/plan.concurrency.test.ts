// runs on PostgreSQL too: deletes at once, a plan set back to draft while people apply
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateApplication } from '../../db/tables.js';
import { atOnce, expectOneSucceeded, useTestApp, warmUp } from '../../test/app.js';
import { identityNo, insertPlan, resume } from '../../test/recruitment.js';
import { planCalls } from './plan.support.js';

const t = useTestApp();
const { options, setStatus, remove, planRow, add } = planCalls(t);

describe('at the same moment', () => {
  it('deletes a plan once when asked many times at once; the other calls answer 404', async () => {
    const id = await add(t.admin, { name: '并发删除计划' });
    await warmUp(() => options(t.admin));
    const answers = await atOnce(20, () => remove(t.admin, id));
    expectOneSucceeded(answers, 404, '招录计划不存在');
    expect(await planRow(id)).toBeUndefined();
  });

  it('never leaves a plan in draft with applications when it is set back to draft while people apply', async () => {
    const { plan, posts } = await insertPlan(t.db, t.company1, { name: '边报名边改草稿' });
    await warmUp(() => options(t.admin));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? setStatus(t.admin, plan.id, 'draft')
          : t.app.inject({
              method: 'POST',
              url: '/api/open/recruitment/apply',
              payload: {
                recruitmentId: posts[0]!.id,
                talentInfo: resume({ identityNo: identityNo('1999-09-09', 100 + i), phone: `1370000${String(1000 + i)}` }),
              },
            }),
      ),
    );
    for (const res of answers) expect([200, 409]).toContain(res.json().code);
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(candidateApplication)
      .where(and(eq(candidateApplication.companyId, t.company1), eq(candidateApplication.planId, plan.id)))) as [{ n: number }];
    const status = (await planRow(plan.id))!.status;
    expect(status === 'draft' && n > 0).toBe(false);
  });
});
