// runs on PostgreSQL too: one stage closed twenty times at once
import { STAGE_CLOSED_MESSAGES, closePlanSignUp, planList } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planStageClose } from '../../db/tables.js';
import { atOnce, expectOneSucceeded, useTestApp, warmUp } from '../../test/app.js';
import { insertPlan } from '../../test/recruitment.js';

const t = useTestApp();

const close = (planId: number) => t.call(closePlanSignUp, { id: planId }, { token: t.admin });

describe('the sign-up stage, closed by 关闭报名', () => {
  it('is closed once when asked 20 times at once', async () => {
    const plan = await insertPlan(t.db, t.company1, { name: '同时关闭计划' });
    await warmUp(() => t.call(planList, {}, { token: t.admin }));
    expectOneSucceeded(await atOnce(20, () => close(plan.plan.id)), 409, STAGE_CLOSED_MESSAGES.alreadyClosed);
    expect(await t.db.select().from(planStageClose).where(eq(planStageClose.planId, plan.plan.id))).toHaveLength(1);
  });
});
