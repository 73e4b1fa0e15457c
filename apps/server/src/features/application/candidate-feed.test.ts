import { APPLICATION_STATUS } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateNoticeFeed } from '../../db/tables.js';
import { useTestApp } from '../../test/app.js';
import { identityNo, insertApplication, insertPlan } from '../../test/recruitment.js';
import { recordApplied, transition } from '../pipeline/index.js';


const t = useTestApp();

/** An application of company 1 moved by the state machine from 待审核 to `to`, with the reviewer's remarks. */
async function decided(realName: string, seq: number, to: 12 | 13 | 20, remarks: string) {
  const { plan, posts } = await insertPlan(t.db, t.company1, { name: `${realName}的计划`, posts: ['档案管理员'] });
  const a = await insertApplication(t.db, { companyId: t.company1, planId: plan.id, recruitmentId: posts[0]!.id, realName }, { identityNo: identityNo('1996-03-02', seq) });
  await t.db.transaction(async (tx) => {
    await recordApplied(tx, { id: a.id, companyId: t.company1, planId: plan.id, status: null });
    await transition(tx, { application: { id: a.id, companyId: t.company1, planId: plan.id, status: APPLICATION_STATUS.pending }, to, actorId: t.shenheId, remarks });
  });
  return t.db.select({ title: candidateNoticeFeed.title, content: candidateNoticeFeed.content, companyId: candidateNoticeFeed.companyId }).from(candidateNoticeFeed).where(eq(candidateNoticeFeed.applicationId, a.id));
}

describe("the candidate's feed of review decisions (DESIGN §10)", () => {
  it('tells a returned candidate what to correct, in the reviewer’s words', async () => {
    expect(await decided('退回考生', 1, 12, '照片不清晰，请重新上传')).toEqual([
      { title: '档案管理员资格审核未通过，请修改后重新提交', content: '审核意见：照片不清晰，请重新上传', companyId: t.company1 },
    ]);
  });

  it('tells a rejected candidate, with a plain sentence when the reviewer wrote nothing', async () => {
    expect(await decided('不通过考生', 2, 13, '')).toEqual([
      { title: '档案管理员资格审核未通过', content: '很遗憾，您的报名未通过资格审核。', companyId: t.company1 },
    ]);
  });

  it('tells a candidate who passed, and nothing of the application itself', async () => {
    expect(await decided('通过考生', 3, 20, '资格审核通过')).toEqual([
      { title: '档案管理员资格审核已通过', content: '您已通过资格审核，请留意准考证的发放。', companyId: t.company1 },
    ]);
  });
});
