import {
  APPLICATION_STATUSES, CANDIDATE_SITE_MESSAGES, DEFAULT_PHOTO_RULE, PLAN_SIGN_UP_PHASES,
  SIGN_UP_PASSED_STATUSES, SIGN_UP_STAGE, UNSTORABLE_TEXT_MESSAGE, candidateCompanyDetail,
  candidatePlanDetail, candidatePostList, candidatePublicationDetail, candidatePublicationList,
  toChinaDateTime,
} from '@zhaokao/contracts';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  candidateApplication, company, companyPublication, companyPublicationAttachment, planStageClose,
  recruitmentInfo, recruitmentPlan, storedFile, sysOrg,
} from '../../db/tables.js';
import { expectError, useTestApp } from '../../test/app.js';
import { insertApplication, insertPlan } from '../../test/recruitment.js';

const t = useTestApp({ recruitment: true });

/** The demo plan of a company that has the most applications: the one whose counts are worth checking. */
async function busiestPlanOf(companyId: number) {
  const plans = await t.db
    .select({ planId: candidateApplication.planId, n: count() })
    .from(candidateApplication)
    .where(eq(candidateApplication.companyId, companyId))
    .groupBy(candidateApplication.planId);
  return plans.sort((a, b) => b.n - a.n)[0]!.planId;
}

const allPosts = (companyId: number, planId: number, filters: { education?: string; major?: string; keyword?: string } = {}) =>
  t.call(candidatePostList, { companyId, planId, pageSize: 200, ...filters });

describe('the company page', () => {
  let ids: Record<'draft' | 'upcoming' | 'ended' | 'finished' | 'closedByStaff' | 'open', number>;
  beforeAll(async () => {
    const plan = async (options: Parameters<typeof insertPlan>[2]) => (await insertPlan(t.db, t.company1, options)).plan.id;
    ids = {
      draft: await plan({ name: '草稿计划', status: 'draft' }),
      upcoming: await plan({ name: '即将报名的计划', startDays: 5, endDays: 10 }),
      ended: await plan({ name: '报名已截止的计划', startDays: -10, endDays: -5 }),
      finished: await plan({ name: '已结束的计划', status: 'closed' }),
      closedByStaff: await plan({ name: '已关闭报名的计划' }),
      open: await plan({ name: '报名中的计划' }),
    };
    await t.db.insert(planStageClose).values({ companyId: t.company1, planId: ids.closedByStaff, stage: 1, closedBy: t.adminId });
  });

  it('lists the plans that are not drafts, each flagged open, upcoming or closed as its dates and state say', async () => {
    const res = await t.call(candidateCompanyDetail, { companyId: t.company1 });
    expect(res.code, res.msg).toBe(200);
    const { plans, planTotal } = res.data;
    const inDb = await t.db
      .select({ id: recruitmentPlan.id })
      .from(recruitmentPlan)
      .where(and(eq(recruitmentPlan.companyId, t.company1), ne(recruitmentPlan.status, 'draft')));
    expect(planTotal).toBe(inDb.length);
    expect(plans.map((p) => p.id).sort((a, b) => a - b)).toEqual(inDb.map((p) => p.id).sort((a, b) => a - b));
    expect(plans.map((p) => p.id)).not.toContain(ids.draft);
    const phaseOf = (id: number) => plans.find((p) => p.id === id)?.phase;
    expect(phaseOf(ids.upcoming)).toBe('upcoming');
    expect(phaseOf(ids.ended)).toBe('closed');
    expect(phaseOf(ids.finished)).toBe('closed');
    expect(phaseOf(ids.closedByStaff)).toBe('closed');
    expect(phaseOf(ids.open)).toBe('open');
    // open first, then upcoming, then closed
    const order = plans.map((p) => Object.keys(PLAN_SIGN_UP_PHASES).indexOf(p.phase));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const upcoming = plans.find((p) => p.id === ids.upcoming)!;
    const [row] = await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.id, ids.upcoming));
    expect(upcoming).toMatchObject({
      name: '即将报名的计划',
      signUpStartDate: toChinaDateTime(row!.signUpStartDate),
      signUpEndDate: toChinaDateTime(row!.signUpEndDate),
      examMode: 'full',
      registrationFeeY: '0.00',
      postCount: 2,
      places: 4,
    });
  });

  it('shows the published notices and news only, newest first, with the totals', async () => {
    const res = await t.call(candidateCompanyDetail, { companyId: t.company1 });
    for (const kind of ['notice', 'news'] as const) {
      const published = await t.db
        .select({ id: companyPublication.id })
        .from(companyPublication)
        .where(and(eq(companyPublication.companyId, t.company1), eq(companyPublication.kind, kind), eq(companyPublication.status, 'published')));
      const feed = kind === 'notice' ? res.data.notices : res.data.news;
      expect(feed.total).toBe(published.length);
      expect(feed.list.map((p) => p.id).sort()).toEqual(published.map((p) => p.id).sort());
      expect(feed.list.every((p) => p.kind === kind)).toBe(true);
    }
    expect(res.data.news.total).toBeGreaterThan(0);
    const drafts = await t.db
      .select({ id: companyPublication.id })
      .from(companyPublication)
      .where(and(eq(companyPublication.companyId, t.company1), ne(companyPublication.status, 'published')));
    expect(drafts.length).toBeGreaterThan(0);
    const listed = [...res.data.notices.list, ...res.data.news.list].map((p) => p.id);
    for (const draft of drafts) expect(listed).not.toContain(draft.id);
  });

  it('shows the logo and the texts only while the company holds the customised company info', async () => {
    await t.db.update(company).set({ logo: '/api/files/logo-test.png' }).where(inArray(company.id, [t.company1, t.company2]));
    const withRight = await t.call(candidateCompanyDetail, { companyId: t.company1 });
    expect(withRight.data.company).toMatchObject({ id: t.company1, name: '湘江人力资源服务集团有限公司', custom: true, logo: '/api/files/logo-test.png' });
    expect(withRight.data.company.introduce).not.toBe('');
    expect(withRight.data.company.industryName).not.toBe('');

    const without = await t.call(candidateCompanyDetail, { companyId: t.company2 });
    expect(without.data.company).toMatchObject({
      id: t.company2,
      name: '江城市第一人民医院',
      address: '湖北省江城市江汉区解放大道 1095 号',
      custom: false,
      logo: '',
      introduce: '',
      manageIdea: '',
    });
    const hospitalPlan = without.data.plans[0]!;
    const planPage = await t.call(candidatePlanDetail, { companyId: t.company2, planId: hospitalPlan.id });
    expect(planPage.data.company).toEqual({ id: t.company2, name: '江城市第一人民医院', custom: false, logo: '' });
  });

  it('answers 404 for a company nobody has', async () => {
    expectError(await t.call(candidateCompanyDetail, { companyId: 999_999 }), 404, CANDIDATE_SITE_MESSAGES.companyMissing);
  });
});

describe('the plan page', () => {
  it('counts each post as the status table says: every application, and those past the sign-up review', async () => {
    for (const companyId of [t.company1, t.company2]) {
      const planId = await busiestPlanOf(companyId);
      const res = await allPosts(companyId, planId);
      expect(res.code, res.msg).toBe(200);
      const posts = await t.db.select({ id: recruitmentInfo.id }).from(recruitmentInfo).where(eq(recruitmentInfo.planId, planId)).orderBy(asc(recruitmentInfo.id));
      expect(res.data.total).toBe(posts.length);
      expect(res.data.list.map((p) => p.id)).toEqual(posts.map((p) => p.id));
      const counted = (statuses?: readonly number[]) =>
        t.db
          .select({ id: candidateApplication.recruitmentId, n: count() })
          .from(candidateApplication)
          .where(and(eq(candidateApplication.planId, planId), statuses ? inArray(candidateApplication.status, [...statuses] as never[]) : undefined))
          .groupBy(candidateApplication.recruitmentId);
      const all = new Map((await counted()).map((r) => [r.id, r.n]));
      const passed = new Map((await counted(SIGN_UP_PASSED_STATUSES)).map((r) => [r.id, r.n]));
      expect([...all.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
      expect([...passed.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      for (const post of res.data.list) {
        expect({ id: post.id, applied: post.applicationCount, passed: post.passedCount }).toEqual({
          id: post.id,
          applied: all.get(post.id) ?? 0,
          passed: passed.get(post.id) ?? 0,
        });
      }
    }
  });

  it('counts every status of every stage on the right side of the line', async () => {
    const { plan, posts } = await insertPlan(t.db, t.company1, { name: '计数计划', posts: ['计数岗位'] });
    for (const [i, status] of APPLICATION_STATUSES.entries()) {
      const row = await insertApplication(
        t.db,
        { companyId: t.company1, planId: plan.id, recruitmentId: posts[0]!.id, realName: `计数考生${i}` },
        { identityNo: `11010519900101${String(100 + i).padStart(3, '0')}X`, phone: `1390000${String(1000 + i)}` },
      );
      await t.db.update(candidateApplication).set({ status }).where(eq(candidateApplication.id, row.id));
    }
    const res = await allPosts(t.company1, plan.id);
    // one application in each status: all of them applied, those of the exam stages passed the sign-up review
    expect(res.data.list[0]).toMatchObject({ applicationCount: APPLICATION_STATUSES.length, passedCount: SIGN_UP_PASSED_STATUSES.length });
    expect(SIGN_UP_PASSED_STATUSES.length).toBe(APPLICATION_STATUSES.length - Object.keys(SIGN_UP_STAGE.statuses).length);
    // no applicant's name, identity number or phone in any answer
    const body = JSON.stringify([res, await t.call(candidatePlanDetail, { companyId: t.company1, planId: plan.id })]);
    expect(body).not.toContain('计数考生');
    expect(body).not.toContain('1101051990');
    expect(body).not.toContain('13900001');
  });

  it('gives the plan its dates, its published notices with their attachments and the posts’ 学历 values', async () => {
    const { plan } = await insertPlan(t.db, t.company1, { name: '公告计划' });
    await t.db.update(recruitmentInfo).set({ education: '本科及以上' }).where(eq(recruitmentInfo.planId, plan.id));
    const [file] = await t.db
      .insert(storedFile)
      .values({ companyId: t.company1, uploaderId: t.adminId, key: 'notice-file.pdf', originalName: '岗位表.pdf', mime: 'application/pdf', size: 10, kind: 'file', isPublic: true })
      .returning();
    const notice = (title: string, status: 'draft' | 'published' | 'withdrawn') => ({
      companyId: t.company1,
      kind: 'notice' as const,
      recruitmentId: plan.id,
      title,
      content: '<p>正文</p>',
      status,
      publishedAt: status === 'draft' ? null : new Date(),
    });
    const [published] = await t.db.insert(companyPublication).values(notice('招聘公告', 'published')).returning();
    await t.db.insert(companyPublication).values([notice('草稿公告', 'draft'), notice('撤回公告', 'withdrawn')]);
    await t.db.insert(companyPublicationAttachment).values({ publicationId: published!.id, storedFileId: file!.id });

    const res = await t.call(candidatePlanDetail, { companyId: t.company1, planId: plan.id });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.plan).toMatchObject({
      id: plan.id,
      name: '公告计划',
      phase: 'open',
      signUpStartDate: toChinaDateTime(plan.signUpStartDate),
      signUpEndDate: toChinaDateTime(plan.signUpEndDate),
      writtenStartDate: toChinaDateTime(plan.writtenStartDate),
      auditionStartDate: toChinaDateTime(plan.auditionStartDate),
      registrationFeeY: '0.00',
      feeAfterReview: false,
      feePayDays: 3,
      photoRule: DEFAULT_PHOTO_RULE,
    });
    expect(res.data.notices.total).toBe(1);
    expect(res.data.notices.list).toEqual([
      expect.objectContaining({ id: published!.id, title: '招聘公告', attachments: [{ id: file!.id, name: '岗位表.pdf', url: '/api/files/notice-file.pdf' }] }),
    ]);
    expect(res.data.educations).toEqual(['本科及以上']);

    const list = await t.call(candidatePublicationList, { companyId: t.company1, kind: 'notice', planId: plan.id });
    expect(list.data.list.map((n) => n.title)).toEqual(['招聘公告']);
    const detail = await t.call(candidatePublicationDetail, { companyId: t.company1, id: published!.id });
    expect(detail.data).toMatchObject({ title: '招聘公告', content: '<p>正文</p>', attachments: [{ id: file!.id }] });
  });

  it('gives the plan its fee, 缴费方式 and 证件照要求 as the plan keeps them', async () => {
    const { plan } = await insertPlan(t.db, t.company1, { name: '缴费照片计划' });
    await t.db
      .update(recruitmentPlan)
      .set({ registrationFee: 5050, feeAfterReview: true, feePayDays: 5, photoWidth: 358, photoHeight: 441, photoMinKb: 20, photoMaxKb: 100 })
      .where(eq(recruitmentPlan.id, plan.id));
    const res = await t.call(candidatePlanDetail, { companyId: t.company1, planId: plan.id });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.plan).toMatchObject({
      registrationFeeY: '50.50',
      feeAfterReview: true,
      feePayDays: 5,
      photoRule: { width: 358, height: 441, minKb: 20, maxKb: 100 },
    });
    expect(res.data.plan).not.toHaveProperty('photoWidth');
  });

  it('filters the posts by 学历, 专业 and a keyword over the post’s and the department’s names', async () => {
    const planId = await busiestPlanOf(t.company1);
    const rows = await t.db
      .select({ id: recruitmentInfo.id, name: recruitmentInfo.jobVacancy, education: recruitmentInfo.education, skills: recruitmentInfo.skillsRequired, department: sysOrg.name })
      .from(recruitmentInfo)
      .leftJoin(sysOrg, eq(sysOrg.id, recruitmentInfo.departmentId))
      .where(eq(recruitmentInfo.planId, planId))
      .orderBy(asc(recruitmentInfo.id));
    const ids = async (filters: Parameters<typeof allPosts>[2]) => {
      const res = await allPosts(t.company1, planId, filters);
      expect(res.code, res.msg).toBe(200);
      expect(res.data.total).toBe(res.data.list.length);
      return res.data.list.map((p) => p.id);
    };
    const expectSome = (found: number[], expected: number[]) => {
      expect(found).toEqual(expected);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThan(rows.length);
    };
    expectSome(await ids({ education: '大专' }), rows.filter((r) => r.education.includes('大专')).map((r) => r.id));
    expectSome(await ids({ major: '心理学' }), rows.filter((r) => r.skills.includes('心理学')).map((r) => r.id));
    const department = rows.find((r) => r.department)!.department!;
    expectSome(await ids({ keyword: department }), rows.filter((r) => r.department === department || r.name.includes(department)).map((r) => r.id));
    const post = rows[0]!;
    expect(await ids({ keyword: post.name })).toContain(post.id);
    expect(await ids({ keyword: '没有这样的岗位' })).toEqual([]);
    // LIKE's wildcards are plain characters
    expect(await ids({ keyword: '%' })).toEqual([]);
    expect(await ids({ education: '大专', major: '心理学' })).toEqual(
      rows.filter((r) => r.education.includes('大专') && r.skills.includes('心理学')).map((r) => r.id),
    );
    const page = await t.call(candidatePostList, { companyId: t.company1, planId, pageNum: 2, pageSize: 2 });
    expect(page.data).toMatchObject({ total: rows.length });
    expect(page.data.list.map((p) => p.id)).toEqual(rows.slice(2, 4).map((r) => r.id));
  });
});

describe('what is not published', () => {
  it('answers one 404 for a draft plan, another company’s plan and an id nobody has', async () => {
    const { plan: draft } = await insertPlan(t.db, t.company1, { name: '未发布的计划', status: 'draft' });
    const [theirs] = await t.db.select({ id: recruitmentPlan.id }).from(recruitmentPlan).where(eq(recruitmentPlan.companyId, t.company2)).limit(1);
    const cases = [
      { companyId: t.company1, planId: draft.id },
      { companyId: t.company1, planId: theirs!.id },
      { companyId: t.company2, planId: draft.id },
      { companyId: t.company1, planId: 999_999 },
      { companyId: 999_999, planId: theirs!.id },
    ];
    const bodies = new Set<string>();
    for (const input of cases) {
      for (const res of [await t.call(candidatePlanDetail, input), await t.call(candidatePostList, input)]) {
        expectError(res, 404, CANDIDATE_SITE_MESSAGES.planMissing);
        bodies.add(JSON.stringify(res));
      }
    }
    expect(bodies.size).toBe(1);
  });

  it('answers one 404 for a draft or withdrawn publication, a notice of a draft plan, another company’s and an unknown id', async () => {
    const { plan: draftPlan } = await insertPlan(t.db, t.company1, { name: '草稿计划的公告', status: 'draft' });
    const item = (title: string, status: 'draft' | 'published' | 'withdrawn', companyId = t.company1, recruitmentId: number | null = null) => ({
      companyId,
      kind: 'notice' as const,
      recruitmentId,
      title,
      content: '<p>正文</p>',
      status,
      publishedAt: status === 'draft' ? null : new Date(),
    });
    const rows = await t.db
      .insert(companyPublication)
      .values([item('草稿', 'draft'), item('撤回', 'withdrawn'), item('草稿计划的公告', 'published', t.company1, draftPlan.id), item('医院的公告', 'published', t.company2)])
      .returning({ id: companyPublication.id });
    const bodies = new Set<string>();
    for (const id of [...rows.map((r) => r.id), 999_999]) {
      const res = await t.call(candidatePublicationDetail, { companyId: t.company1, id });
      expectError(res, 404, CANDIDATE_SITE_MESSAGES.publicationMissing);
      bodies.add(JSON.stringify(res));
    }
    expect(bodies.size).toBe(1);
    const list = await t.call(candidatePublicationList, { companyId: t.company1, kind: 'notice', pageSize: 200 });
    for (const row of rows) expect(list.data.list.map((n) => n.id)).not.toContain(row.id);
    // the hospital's notice is its own
    expect((await t.call(candidatePublicationDetail, { companyId: t.company2, id: rows[3]!.id })).code).toBe(200);
  });
});

describe('bad input', () => {
  it('is refused with a Chinese 400, whatever the field', async () => {
    const planId = await busiestPlanOf(t.company1);
    const base = `/api/candidate/site/companies/${t.company1}/plans/${planId}`;
    for (const [url, msg] of [
      ['/api/candidate/site/companies/abc', '单位编号必须是数字'],
      ['/api/candidate/site/companies/0', '单位编号必须是正数'],
      ['/api/candidate/site/companies/2147483648', '单位编号不正确'],
      [`/api/candidate/site/companies/${t.company1}/plans/1.5`, '招录计划编号必须是整数'],
      [`/api/candidate/site/companies/${t.company1}/plans/abc/posts`, '招录计划编号必须是数字'],
      [`${base}/posts?keyword=${'岗'.repeat(51)}`, '关键词最长 50 个字'],
      [`${base}/posts?major=${'专'.repeat(51)}`, '专业最长 50 个字'],
      [`${base}/posts?education=${'本'.repeat(51)}`, '学历最长 50 个字'],
      [`${base}/posts?keyword=%00`, UNSTORABLE_TEXT_MESSAGE],
      [`${base}/posts?pageSize=1000`, '每页最多 200 条'],
      [`/api/candidate/site/companies/${t.company1}/publications?kind=secret`, '内容类型不正确'],
      [`/api/candidate/site/companies/${t.company1}/publications/abc`, '内容编号必须是数字'],
    ] as const) {
      const res = await t.get(url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: { code: 400, msg, data: null } });
      expect(msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('takes odd but storable characters as plain text', async () => {
    const planId = await busiestPlanOf(t.company1);
    for (const keyword of ["'; drop table recruitment_info; --", '_', '\\', '<script>', '😀']) {
      const res = await allPosts(t.company1, planId, { keyword });
      expect({ keyword, code: res.code, total: res.data.total }).toEqual({ keyword, code: 200, total: 0 });
    }
  });
});
