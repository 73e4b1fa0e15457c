// runs on PostgreSQL too: one candidate's parallel applications to two posts of one plan, decided by the account lock
import { ONE_APPLICATION_PER_PLAN, candidateApply } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateAccount, candidateApplication, candidateResume, talent } from '../../db/tables.js';
import { atOnce, useTestApp } from '../../test/app.js';
import { candidateCall, signInCandidate } from '../../test/candidates.js';
import { identityNo, insertPlan, resume } from '../../test/recruitment.js';

const t = useTestApp();

describe('parallel applications', () => {
  it('one candidate applying to two posts of one plan at once gets exactly one application', async () => {
    const { plan, posts } = await insertPlan(t.db, t.company1);
    const phone = '13700009001';
    const token = await signInCandidate(t, phone);
    const [account] = await t.db.select().from(candidateAccount).where(eq(candidateAccount.phone, phone));
    await t.db.insert(candidateResume).values({ candidateId: account!.id, resume: resume({ phone, identityNo: identityNo('1999-05-05', 301) }) });

    const answers = await atOnce(2, (i) => candidateCall(t, candidateApply, { recruitmentId: posts[i]!.id }, { token }));
    const bodies = answers.map((r) => r.json());
    expect(bodies.filter((b) => b.code === 200)).toHaveLength(1);
    expect(bodies.filter((b) => b.code !== 200).map((b) => b.msg)).toEqual([ONE_APPLICATION_PER_PLAN]);
    expect(await t.db.select().from(candidateApplication).where(eq(candidateApplication.planId, plan.id))).toHaveLength(1);
    expect(await t.db.select().from(talent).where(eq(talent.identityNo, identityNo('1999-05-05', 301)))).toHaveLength(1);
  });
});
