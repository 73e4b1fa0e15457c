import { addUserNotice, homeOverview } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyRight, companyWallet, staffUser } from '../../db/tables.js';
import { useTestApp } from '../../test/app.js';
import { insertExamPlan } from '../../test/exam.js';
import { insertPlan } from '../../test/recruitment.js';

const t = useTestApp();

const overview = (token?: string) => t.call(homeOverview, {}, { token });
const sortedRights = (data: { rights: { functionCode: string }[] }) =>
  [...data.rights].sort((a, b) => a.functionCode.localeCompare(b.functionCode));

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
function uploadPng(token: string) {
  const boundary = '----zhaokaoHomeTest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG_1X1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/qiniu/imageUpload',
    headers: { 'x-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('home overview', () => {
  it('hides the wallet balance from a user without wallet:view', async () => {
    const body = (await overview(t.shenhe));
    expect(body.code).toBe(200);
    expect(body.data.wallet).toBeNull();
    expect(body.data.company.name).toBe('湘江人力资源服务集团有限公司');
  });

  it('answers company 1 its own figures, as seeded', async () => {
    const body = await overview(t.admin);
    expect(body.status).toBe(200);
    expect(body).toMatchObject({ code: 200, msg: '操作成功' });
    const { rights, openPlans, openPlanCount, waitingForMe, unreadMessages, ...rest } = body.data;
    expect({ openPlans, openPlanCount, waitingForMe, unreadMessages }).toEqual({
      openPlans: [],
      openPlanCount: 0,
      waitingForMe: { signup: 0, exams: [], gates: [] },
      unreadMessages: 0,
    });
    expect(rest).toEqual({
      company: {
        id: t.company1,
        name: '湘江人力资源服务集团有限公司',
        logo: '',
        industryName: '人力资源服务',
        address: '湖南省长沙市岳麓区滨江路 188 号湘江金融中心 3 栋 18 楼',
      },
      wallet: { totalBalance: 1_014_000 },
      staffCount: 2,
      enabledStaffCount: 2,
      roleCount: 2,
      fileCount: 0,
    });
    expect(rights).toHaveLength(2);
    expect(sortedRights(body.data)).toEqual([
      { functionCode: 'company_qr_code', name: '公司二维码', validUntil: expect.any(String) },
      { functionCode: 'custom_company_info', name: '定制单位信息', validUntil: expect.any(String) },
    ]);
    for (const r of rights) expect(new Date(r.validUntil).getTime()).toBeGreaterThan(Date.now());
  });

  it('answers company 2 its own figures, as seeded', async () => {
    const res = await overview(t.hospital);
    expect(res).toEqual({
      status: 200,
      code: 200,
      msg: '操作成功',
      data: {
        company: {
          id: t.company2,
          name: '江城市第一人民医院',
          logo: '',
          industryName: '医疗卫生',
          address: '湖北省江城市江汉区解放大道 1095 号',
        },
        wallet: { totalBalance: 0 },
        staffCount: 1,
        enabledStaffCount: 1,
        roleCount: 2,
        fileCount: 0,
        rights: [],
        openPlans: [],
        openPlanCount: 0,
        waitingForMe: { signup: 0, exams: [], gates: [] },
        unreadMessages: 0,
      },
    });
  });

  it("shows the company's open plans, what waits for the caller's decision and their unread messages", async () => {
    const { plan } = await insertExamPlan(t.db, t.company1, {
      name: '首页招录计划',
      posts: [{ jobVacancy: '首页岗位', places: 1, candidates: 3 }],
      written: [{ workItem: '笔试成绩', kind: 'score', assigneeId: t.shenheId }],
      interview: [],
      reviewerId: t.adminId,
    });
    await insertPlan(t.db, t.company1, { name: '已结束的计划', status: 'closed' });
    await insertPlan(t.db, t.company2, { name: '医院的计划' });
    const sent = await t.call(addUserNotice, { acceptUserId: t.shenheId, messageContent: '请查看首页' }, { token: t.admin });
    expect(sent.code).toBe(200);

    const reviewer = (await overview(t.shenhe)).data;
    expect(reviewer.openPlans.map((p) => [p.name, p.applicationCount])).toEqual([['首页招录计划', 3]]);
    expect(reviewer.openPlans[0]!.id).toBe(plan.id);
    expect(reviewer.openPlanCount).toBe(1);
    // Its three candidates wait for their written tickets (not yet seated): a card for each user who issues them.
    const tickets = { stage: 2, step: 'unseated', planId: plan.id, planName: '首页招录计划', signUpClosed: true, total: 3, done: 0 };
    expect(reviewer.waitingForMe).toEqual({ signup: 0, exams: [tickets], gates: [] });
    expect(reviewer.unreadMessages).toBe(1);

    const admin = (await overview(t.admin)).data;
    expect(admin.waitingForMe).toEqual({ signup: 0, exams: [tickets], gates: [] });
    expect(admin.unreadMessages).toBe(0);
    expect((await overview(t.hospital)).data.openPlans.map((p) => p.name)).toEqual(['医院的计划']);
  });

  it('answers every user of a company the same company', async () => {
    const data = (await overview(t.shenhe)).data;
    expect(data.company).toMatchObject({ id: t.company1, name: '湘江人力资源服务集团有限公司' });
    expect(data.staffCount).toBe(2);
    expect(sortedRights(data).map((r) => r.functionCode)).toEqual(['company_qr_code', 'custom_company_info']);
  });

  it("follows each company's own changes and no other's", async () => {
    await t.db.update(companyWallet).set({ totalBalance: 5_000 }).where(eq(companyWallet.companyId, t.company2));
    await t.db.update(staffUser).set({ enabled: false }).where(eq(staffUser.loginAccount, 'shenhe'));
    await t.db
      .update(companyRight)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(companyRight.functionCode, 'custom_company_info'));
    expect((await uploadPng(t.hospital)).json().code).toBe(200);
    expect((await uploadPng(t.hospital)).json().code).toBe(200);

    const one = (await overview(t.admin)).data;
    expect(one).toMatchObject({ wallet: { totalBalance: 1_014_000 }, staffCount: 2, enabledStaffCount: 1, fileCount: 0 });
    expect(one.rights.map((r: { functionCode: string }) => r.functionCode)).toEqual(['company_qr_code']);

    const two = (await overview(t.hospital)).data;
    expect(two).toMatchObject({ wallet: { totalBalance: 5_000 }, staffCount: 1, enabledStaffCount: 1, fileCount: 2, rights: [] });
  });

  it('needs a session', async () => {
    const res = await overview();
    expect(res.status).toBe(401);
    expect(res.code).toBe(50008);
  });
});
