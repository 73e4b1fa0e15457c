// runs on PostgreSQL too: twenty applications with one new identity number at once
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TALENT_MESSAGES, companyFreeBuyTalent, companyTalentList, getTalentInfo } from '@zhaokao/contracts';
import { applicationHistory, applicationResume, candidateApplication, recruitmentPlan, talent, talentUnlock } from '../../db/tables.js';
import { FINISHED_DEMO_PLAN } from '../../seed/demo-exams.js';
import { atOnce, expectError, useTestApp, staffWith } from '../../test/app.js';
import { identityNo, insertPlan, resume } from '../../test/recruitment.js';

const t = useTestApp({ recruitment: true });
/** The seeded demo plan of company 1. */
let demoPlan1: number;
let open: Awaited<ReturnType<typeof insertPlan>>;
let openElsewhere: Awaited<ReturnType<typeof insertPlan>>;

beforeAll(async () => {
  // the demo plan in sign-up review (the company's other demo plan is over)
  const [plan] = await t.db
    .select()
    .from(recruitmentPlan)
    .where(and(eq(recruitmentPlan.companyId, t.company1), ne(recruitmentPlan.name, FINISHED_DEMO_PLAN)))
    .orderBy(asc(recruitmentPlan.id));
  demoPlan1 = plan!.id;
  open = await insertPlan(t.db, t.company1, { name: '开放报名计划' });
  openElsewhere = await insertPlan(t.db, t.company2, { name: '医院开放计划' });
});

const apply = (recruitmentId: number | string, talentInfo: object) =>
  t.app.inject({ method: 'POST', url: '/api/open/recruitment/apply', payload: { recruitmentId, talentInfo } });
const list = (token: string, planId: number | string, query: Record<string, string | number> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/recruitment/companyCandidateList/${planId}`,
    headers: { 'x-token': token },
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });

const names = (res: { json(): { data: { list: { realName: string }[] } } }) => res.json().data.list.map((r) => r.realName);

/** Row counts of everything apply can change, to prove a refusal changed nothing. */
async function counts() {
  const [a] = await t.db.select({ n: count() }).from(candidateApplication);
  const [h] = await t.db.select({ n: count() }).from(applicationHistory);
  const [p] = await t.db.select({ n: count() }).from(talent);
  const [r] = await t.db.select({ n: count() }).from(applicationResume);
  return { applications: a!.n, history: h!.n, talents: p!.n, resumes: r!.n };
}

/** The resume an application keeps, without its keys. */
async function resumeOf(applicationId: number) {
  const [row] = await t.db.select().from(applicationResume).where(eq(applicationResume.applicationId, applicationId));
  const { companyId: _c, applicationId: _a, createdAt: _t, ...kept } = row!;
  return kept;
}

describe('POST /api/open/recruitment/apply', () => {
  const id1 = identityNo('2001-03-15', 123);

  it('creates the talent with the full resume, the application (10) and its first history row', async () => {
    const before = await counts();
    const res = await apply(open.posts[0]!.id, resume({ identityNo: id1.toLowerCase().replace('x', 'x') }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.msg).toBe('报名成功');
    expect(body.data.status).toBe(10);
    expect(await counts()).toEqual({
      applications: before.applications + 1,
      history: before.history + 1,
      talents: before.talents + 1,
      resumes: before.resumes + 1,
    });

    const [person] = await t.db.select().from(talent).where(eq(talent.id, body.data.talentId));
    const { id: _i, createdAt: _c, updatedAt: _u, searchable, searchText, searchTextPublic, searchGrams, schools, majors, ...stored } = person!;
    // an applicant is not listed in 全部人才库 unless they choose so; the search columns follow the resume
    expect(searchable).toBe(false);
    expect(searchText).toContain('中国人民大学');
    expect(searchGrams).toContain('人民');
    expect(schools).toBe('中国人民大学');
    expect(majors).toBe('人力资源管理');
    expect(searchTextPublic.length).toBeLessThanOrEqual(searchText.length);
    const r = resume();
    const submitted = {
      ...r,
      identityNo: id1,
      birthday: '2001-03-15',
      joinPartyDate: null,
      contractExpireDate: null,
      joinWorkDate: null,
      identityDate: '2031-03-15',
    };
    expect(stored).toEqual(submitted);
    expect(await resumeOf(body.data.applicationId)).toEqual(submitted);

    const [application] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, body.data.applicationId));
    expect(application).toMatchObject({
      companyId: t.company1,
      planId: open.plan.id,
      recruitmentId: open.posts[0]!.id,
      talentId: body.data.talentId,
      status: 10,
      realName: '周晓明',
      identityNo: id1,
      phone: '13912345678',
      admissionTicketCode: null,
      writtenGrade: null,
      auditionGrade: null,
    });
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, application!.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ companyId: t.company1, fromStatus: null, toStatus: 10, actorId: null, remarks: '考生报名' });
  });

  it('refuses the same identity number again, for this plan or another company’s, with any phone: one neutral answer, nothing linked or unlocked', async () => {
    const [first] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.identityNo, id1));
    const firstResume = await resumeOf(first!.id);
    const [personBefore] = await t.db.select().from(talent).where(eq(talent.identityNo, id1));
    const before = await counts();
    const answers = [];
    for (const [post, patch] of [
      [open.posts[1]!.id, { realName: '周晓明改' }],
      [openElsewhere.posts[0]!.id, { realName: '周晓明改', graduateSchool: '北京大学' }],
      [openElsewhere.posts[0]!.id, { phone: '13800000000' }],
      [openElsewhere.posts[1]!.id, { phone: '13912345679', email: 'guess@example.cn' }],
    ] as const) {
      const res = await apply(post, resume({ identityNo: id1, ...patch }));
      expectError(res, 409, TALENT_MESSAGES.applyRefused);
      answers.push(res.body);
    }
    // the registered phone and a guessed one get the very same bytes: the call tells nobody which phone is registered
    expect(new Set(answers).size).toBe(1);
    expect(await counts()).toEqual(before);
    const [personAfter] = await t.db.select().from(talent).where(eq(talent.identityNo, id1));
    expect(personAfter).toEqual(personBefore);
    expect(await resumeOf(first!.id)).toEqual(firstResume);
    // company 2 did not get the talent as its applicant: it neither sees nor unlocks it
    expectError(await t.call(getTalentInfo, { id: personBefore!.id }, { token: t.hospital }), 404, TALENT_MESSAGES.missing);
    expectError(await t.call(companyFreeBuyTalent, { id: personBefore!.id }, { token: t.hospital }), 404, TALENT_MESSAGES.missing);
    expect((await t.call(companyTalentList, {}, { token: t.hospital })).data.list.map((r) => r.id)).not.toContain(personBefore!.id);
    expect(await t.db.select().from(talentUnlock).where(eq(talentUnlock.talentId, personBefore!.id))).toEqual([]);
  });

  it('refuses twenty applications with one new identity number at once but one', async () => {
    const before = await counts();
    const person = resume({ identityNo: identityNo('1999-12-31', 777), phone: '13912340777' });
    const answers = await atOnce(20, (i) => apply(open.posts[i % 2]!.id, person));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) expectError(refused, 409, TALENT_MESSAGES.applyRefused);
    expect(await counts()).toEqual({
      applications: before.applications + 1,
      history: before.history + 1,
      talents: before.talents + 1,
      resumes: before.resumes + 1,
    });
  });

  it.each([
    ['a wrong check character', { identityNo: `${id1.slice(0, 17)}${id1[17] === '1' ? '2' : '1'}` }, '身份证号码校验位不正确'],
    ['a wrong length', { identityNo: '11010520010315' }, '身份证号码应为 18 位，最后一位可以是数字或 X'],
    ['an impossible birth date', { identityNo: identityNo('2001-02-30', 123) }, '身份证号码中的出生日期不正确'],
    ['a missing identity number', { identityNo: undefined }, '请输入身份证号码'],
    ['a bad phone', { phone: '12912345678' }, '请输入正确的手机号码'],
    ['a sex outside the dictionary', { sex: '3' }, '请选择性别'],
    ['a birthday that disagrees with the identity number', { birthday: '2001-03-16' }, '出生日期与身份证号码不一致'],
    ['a bad date', { joinWorkDate: '2023-13-01' }, '参加工作时间不是有效日期'],
    ['a list entry without its school', { educationList: [{ schoolName: '' }] }, '请输入学校名称'],
    ['no name', { realName: '  ' }, '请输入姓名'],
    ['a script photo link', { certificateImage: 'javascript:alert(1)' }, '证件照不正确'],
    ['a photo link to another host without https', { certificateImage: '//evil.example/me.png' }, '证件照不正确'],
    ['a script attachment link', { enclosureList: [{ name: '学位证', image: 'javascript:alert(1)' }] }, '附件地址不正确'],
    ['a data certificate link', { certificateList: [{ name: '证书', image: 'data:image/png;base64,AAAA' }] }, '证书图片不正确'],
  ])('refuses %s with its Chinese message and changes nothing', async (_, patch, msg) => {
    const before = await counts();
    const res = await apply(open.posts[0]!.id, resume({ identityNo: identityNo('1995-07-01', 456), ...patch }));
    expectError(res, 400, msg);
    expect(await counts()).toEqual(before);
  });

  it('refuses a missing resume and a bad post id', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/open/recruitment/apply', payload: { recruitmentId: open.posts[0]!.id } });
    expect(res.json()).toMatchObject({ code: 400, msg: '请填写简历' });
    expect((await apply('abc', resume())).json()).toMatchObject({ code: 400, msg: '岗位编号必须是数字' });
    expect((await apply(2_000_000_000, resume())).json()).toMatchObject({ code: 404, msg: '岗位不存在' });
  });

  it('refuses a plan that is not published, and outside the sign-up window', async () => {
    const closed = await insertPlan(t.db, t.company1, { status: 'closed' });
    const draft = await insertPlan(t.db, t.company1, { status: 'draft' });
    const future = await insertPlan(t.db, t.company1, { startDays: 2, endDays: 5 });
    const past = await insertPlan(t.db, t.company1, { startDays: -5, endDays: -1 });
    const before = await counts();
    const person = resume({ identityNo: identityNo('1990-01-01', 246) });
    for (const [planned, msg] of [
      [closed, '该招录计划未开放报名'],
      [draft, '该招录计划未开放报名'],
      [future, '不在报名时间内'],
      [past, '不在报名时间内'],
    ] as const) {
      const res = await apply(planned.posts[0]!.id, person);
      expectError(res, 409, msg);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/recruitment/companyCandidateList/:planId', () => {
  let listPlan: Awaited<ReturnType<typeof insertPlan>>;
  /** Application ids by name, in the order they applied. */
  const ids = new Map<string, number>();
  const people: [string, string, string][] = [
    ['张三', identityNo('1990-05-01', 11, '430104'), '13700001111'],
    ['张三丰', identityNo('1991-06-02', 13, '430104'), '13700002222'],
    ['张_三', identityNo('1992-07-03', 15, '430105'), '13800003333'],
    ['张x三', identityNo('1993-08-04', 17, '430105'), '13800004444'],
    ['%李四', identityNo('1994-09-05', 19, '420103'), '15900005555'],
    ['王五', identityNo('1995-10-06', 20, '420103'), '15900006666'],
    ['张三_', identityNo('1996-11-07', 22, '110105'), '18600007777'],
  ];

  /** The names, newest application first. */
  const newestFirst = () => people.map((_p, i) => people[people.length - 1 - i]![0]);

  beforeAll(async () => {
    listPlan = await insertPlan(t.db, t.company1, { name: '名单计划', posts: ['岗位一', '岗位二'] });
    for (const [i, [realName, id, phone]] of people.entries()) {
      const res = await apply(listPlan.posts[i % 2]!.id, resume({ realName, identityNo: id, phone }));
      expect(res.json().code).toBe(200);
      ids.set(realName, res.json().data.applicationId);
    }
    // one of them has moved on
    await t.db.update(candidateApplication).set({ status: 20 }).where(eq(candidateApplication.id, ids.get('王五')!));
  });

  it('lists a plan newest first with the post, the resume basics and status', async () => {
    const res = await list(t.admin, listPlan.plan.id, { pageSize: 50 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(7);
    expect(names(res)).toEqual(newestFirst());
    const row = data.list.find((r: { realName: string }) => r.realName === '王五');
    expect(row).toMatchObject({
      id: ids.get('王五'),
      planId: listPlan.plan.id,
      recruitmentId: listPlan.posts[1]!.id,
      jobVacancy: '岗位二',
      sex: '1',
      identityNo: people[5]![1],
      phone: '15900006666',
      education: '本科',
      graduateSchool: '中国人民大学',
      status: 20,
      admissionTicketCode: null,
      writtenGrade: null,
      auditionGrade: null,
    });
    expect(new Date(row.createdAt).toISOString()).toBe(row.createdAt);
  });

  it('filters by post and by status', async () => {
    const byPost = await list(t.admin, listPlan.plan.id, { recruitmentId: listPlan.posts[0]!.id, pageSize: 50 });
    expect(names(byPost)).toEqual(['张三_', '%李四', '张_三', '张三']);
    expect(byPost.json().data.total).toBe(4);
    const byStatus = await list(t.admin, listPlan.plan.id, { status: 20 });
    expect(names(byStatus)).toEqual(['王五']);
    const both = await list(t.admin, listPlan.plan.id, { status: 10, recruitmentId: listPlan.posts[1]!.id });
    expect(names(both)).toEqual(['张x三', '张三丰']);
    expect((await list(t.admin, listPlan.plan.id, { status: 15 })).json()).toMatchObject({ code: 400, msg: '报名状态不正确' });
  });

  it('searches names by prefix, with % and _ taken literally', async () => {
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: '张三' }))).toEqual(['张三_', '张三丰', '张三']);
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: '张_' }))).toEqual(['张_三']);
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: '张三_' }))).toEqual(['张三_']);
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: '%' }))).toEqual(['%李四']);
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: '李四' }))).toEqual([]);
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: '三' }))).toEqual([]);
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: ' 王 ' }))).toEqual(['王五']);
  });

  it('searches identity numbers and phones by prefix', async () => {
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: '430104' }))).toEqual(['张三丰', '张三']);
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: '420103' }))).toEqual(['王五', '%李四']);
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: '1380000' }))).toEqual(['张x三', '张_三']);
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: people[6]![1] }))).toEqual(['张三_']);
    const withX = people.find((p) => p[1].endsWith('X'));
    if (withX) expect(names(await list(t.admin, listPlan.plan.id, { keyword: withX[1].toLowerCase() }))).toEqual([withX[0]]);
    // digits in the middle of a number are not a prefix
    expect(names(await list(t.admin, listPlan.plan.id, { keyword: '00003333' }))).toEqual([]);
  });

  it('pages on the server with the total of the whole filter', async () => {
    const all = newestFirst();
    const pages = [];
    for (const pageNum of [1, 2, 3, 4]) {
      const res = await list(t.admin, listPlan.plan.id, { pageNum, pageSize: 3 });
      expect(res.json().data.total).toBe(7);
      pages.push(names(res));
    }
    expect(pages).toEqual([all.slice(0, 3), all.slice(3, 6), all.slice(6), []]);
    const filtered = await list(t.admin, listPlan.plan.id, { keyword: '张', pageNum: 2, pageSize: 2 });
    expect(filtered.json().data.total).toBe(5);
    expect(names(filtered)).toEqual(['张_三', '张三丰']);
    expect((await list(t.admin, listPlan.plan.id, { pageSize: 500 })).json()).toMatchObject({ code: 400, msg: '每页最多 200 条' });
  });

  it('answers the seeded demo plan with exactly its applications', async () => {
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(candidateApplication)
      .where(and(eq(candidateApplication.companyId, t.company1), eq(candidateApplication.planId, demoPlan1)))) as [{ n: number }];
    expect(n).toBe(300);
    const res = await list(t.shenhe, demoPlan1, { pageNum: 30, pageSize: 10 });
    expect(res.json().data.total).toBe(300);
    expect(res.json().data.list).toHaveLength(10);
    const [{ n: passed }] = (await t.db
      .select({ n: count() })
      .from(candidateApplication)
      .where(and(eq(candidateApplication.planId, demoPlan1), eq(candidateApplication.status, 20)))) as [{ n: number }];
    expect(passed).toBeGreaterThan(0);
    expect((await list(t.shenhe, demoPlan1, { status: 20 })).json().data.total).toBe(passed);
  });

  it('answers 404 for a plan or post of another company, whatever the ids', async () => {
    const res = await list(t.hospital, listPlan.plan.id);
    expectError(res, 404, '招录计划不存在');
    expect((await list(t.admin, openElsewhere.plan.id)).json().code).toBe(404);
    const foreignPost = await list(t.admin, listPlan.plan.id, { recruitmentId: openElsewhere.posts[0]!.id });
    expect(foreignPost.json()).toEqual({ code: 404, msg: '岗位不存在', data: null });
    const otherPlansPost = await list(t.admin, listPlan.plan.id, { recruitmentId: open.posts[0]!.id });
    expect(otherPlansPost.json().code).toBe(404);
    expect((await list(t.admin, 'x')).json()).toMatchObject({ code: 400, msg: '招录计划编号必须是数字' });
  });

  it('needs a session and one of the reading permissions', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/recruitment/companyCandidateList/${listPlan.plan.id}` });
    expect(anonymous.json().code).toBe(50008);
    const finance = await staffWith(t, '钱会计', 'qianacc', ['wallet:view', 'talent:view']);
    const res = await list(finance, listPlan.plan.id);
    expectError(res, 403, '您没有执行该操作的权限');
  });
});

describe('the public calls proven by identity number and phone', () => {
  it('answer someone else’s application and a missing one alike, byte for byte (resubmit, fee status, fee pay)', async () => {
    const feePlan = await insertPlan(t.db, t.company1, { name: '公开缴费计划', posts: ['收费岗位'] });
    await t.db.update(recruitmentPlan).set({ registrationFee: 5_000 }).where(eq(recruitmentPlan.id, feePlan.plan.id));
    const person = { identityNo: identityNo('1994-04-04', 404), phone: '13912340404' };
    const applied = await apply(feePlan.posts[0]!.id, resume(person));
    expect(applied.json().code).toBe(200);
    const id: number = applied.json().data.applicationId;
    // someone else's application (another phone, another identity number), and one that does not exist
    const proofs = [
      { applicationId: id, identityNo: person.identityNo, phone: '13912340405' },
      { applicationId: id, identityNo: identityNo('1994-04-04', 406), phone: person.phone },
      { applicationId: 1_999_999_999, identityNo: person.identityNo, phone: person.phone },
      { applicationId: 1_999_999_999, identityNo: identityNo('1994-04-04', 406), phone: '13912340405' },
    ];
    type Proof = (typeof proofs)[number];
    const calls: [string, (p: Proof) => object][] = [
      ['/api/open/recruitment/resubmit', (p) => ({ applicationId: p.applicationId, talentInfo: resume({ identityNo: p.identityNo, phone: p.phone }) })],
      ['/api/open/fee/status', (p) => p],
      ['/api/open/fee/pay', (p) => ({ ...p, appId: 1 })],
    ];
    const before = await counts();
    for (const [url, payload] of calls) {
      const bodies = new Set<string>();
      for (const proof of proofs) {
        const res = await t.app.inject({ method: 'POST', url, payload: payload(proof) });
        expect(res.statusCode, url).toBe(404);
        bodies.add(res.body);
      }
      expect([...bodies], url).toEqual([JSON.stringify({ code: 404, msg: '报名记录不存在，或身份证号码、手机号码与报名时不一致', data: null })]);
    }
    expect(await counts()).toEqual(before);
    // the candidate's own proof is answered
    const own = await t.app.inject({ method: 'POST', url: '/api/open/fee/status', payload: { applicationId: id, ...person } });
    expect(own.json()).toMatchObject({ code: 200, data: { status: 0 } });
  });
});
