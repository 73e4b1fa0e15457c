// runs on PostgreSQL too: parallel grants to one candidate
import { BONUS_CATEGORY_TWICE, BONUS_NOT_STACKING, bonusSettingsDetail, grantBonus, saveBonusSettings } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bonusGrant } from '../../db/tables.js';
import { atOnce, expectOneSucceeded, staffWith, useTestApp, warmUp } from '../../test/app.js';
import { insertScoredExamPlan } from '../../test/exam.js';

const t = useTestApp();
let plan: Awaited<ReturnType<typeof insertScoredExamPlan>>;
let other: string;
let categories: number[];

beforeAll(async () => {
  plan = await insertScoredExamPlan(t, { name: '并发加分计划', posts: [{ jobVacancy: '会计', places: 1, candidates: 6 }] });
  const saved = await t.call(
    saveBonusSettings,
    { planId: plan.plan.id, cap: '5', stacking: false, categories: [{ name: '退役士兵', points: '3' }, { name: '少数民族', points: '2' }] },
    { token: t.admin },
  );
  expect(saved.code).toBe(200);
  categories = (await t.call(bonusSettingsDetail, { planId: plan.plan.id }, { token: t.admin })).data.categories.map((c) => c.id);
  other = await staffWith(t, '笔试审核', 'bonus_concurrent', ['review:written']);
});

const grantsOf = (applicationId: number) => t.db.select().from(bonusGrant).where(eq(bonusGrant.applicationId, applicationId));

describe('at once', () => {
  it('two categories granted to one candidate without stacking: one wins, the other gets 409 and writes nothing', async () => {
    await warmUp(() => t.call(grantBonus, { applicationId: 999_999, categoryId: categories[0]!, proofNote: '预热' }, { token: t.admin }));
    for (const app of plan.applications.slice(0, 3)) {
      const answers = await atOnce(2, (i) =>
        t.call(grantBonus, { applicationId: app.id, categoryId: categories[i]!, proofNote: `第${i}人核验` }, { token: i === 0 ? t.admin : other }),
      );
      expectOneSucceeded(answers, 409, BONUS_NOT_STACKING);
      expect(await grantsOf(app.id)).toHaveLength(1);
    }
  });

  it('one category granted twice at once: one grant, the other 409 (not a 500 from the unique index)', async () => {
    for (const app of plan.applications.slice(3, 6)) {
      const answers = await atOnce(2, (i) => t.call(grantBonus, { applicationId: app.id, categoryId: categories[0]!, proofNote: `第${i}人核验` }, { token: i === 0 ? t.admin : other }));
      expectOneSucceeded(answers, 409, BONUS_CATEGORY_TWICE);
      expect(await grantsOf(app.id)).toHaveLength(1);
    }
  });
});
