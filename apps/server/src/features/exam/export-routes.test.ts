import { type RankingKind, examApplicationList, getGradeList } from '@zhaokao/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationStage, candidateApplication } from '../../db/tables.js';
import { expectError, staffWith, useTestApp } from '../../test/app.js';
import { insertExamPlan } from '../../test/exam.js';
import { readXlsx } from '../../test/xlsx.js';
import { issueTickets, ticketOf } from '../../test/scores.js';

const t = useTestApp();

const LONG_POST = '乡镇卫生院公共卫生与基本医疗服务岗位（临床医学、预防医学、中西医结合方向）';
let plan: Awaited<ReturnType<typeof insertExamPlan>>;
let outsider: string;

type Query = Record<string, string | number | undefined>;
const query = (q: Query) => new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
const listFile = (q: Query, token = t.admin) => t.get(`/api/recruitment/examApplicationList/export?${query(q)}`, token);
const rankingFile = (q: Query, token = t.admin) => t.get(`/api/recruitment/getGradeList/exportPlan?${query(q)}`, token);

beforeAll(async () => {
  outsider = await staffWith(t, '人才库专员', 'chengjiwai', ['talent:view'], '13533335555');
  plan = await insertExamPlan(t.db, t.company1, {
    name: '成绩导出计划',
    posts: [
      { jobVacancy: '会计/出纳[一]', places: 1, candidates: 3 },
      { jobVacancy: '会计/出纳[一]', places: 1, candidates: 2 },
      { jobVacancy: LONG_POST, places: 1, candidates: 1 },
    ],
    written: [{ workItem: '笔试成绩', kind: 'score', assigneeId: t.adminId }],
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
    reviewerId: t.adminId,
  });
  const ids = plan.applications.map((a) => a.id);
  // all but the last of the first post get their tickets (21); scores for two, one absent
  await issueTickets(t.db, t.company1, ids.filter((id) => id !== ids[2]), 2);
  await t.db.update(candidateApplication).set({ writtenGrade: '88.5' }).where(eq(candidateApplication.id, ids[0]!));
  await t.db.update(candidateApplication).set({ writtenGrade: '92' }).where(eq(candidateApplication.id, ids[3]!));
  await t.db.update(applicationStage).set({ absent: true }).where(and(eq(applicationStage.applicationId, ids[1]!), eq(applicationStage.stage, 2)));
  await t.db.update(candidateApplication).set({ writtenGrade: '75' }).where(inArray(candidateApplication.id, [ids[4]!, ids[5]!]));
});

describe('笔试工作 / 成绩录入 export', () => {
  it('every application the list’s filters find, with the list’s columns, the full data and the status in words', async () => {
    for (const filter of [{}, { recruitmentId: plan.posts[0]!.id }, { keyword: '考生1-' }, { status: 21 }, { scoreStatus: 1 }, { scoreStatus: 2 }]) {
      const listed = await t.call(examApplicationList, { type: 2, planId: plan.plan.id, ...filter, pageNum: 1, pageSize: 1 } as never, { token: t.admin });
      const [sheet] = await readXlsx(await listFile({ type: 2, planId: plan.plan.id, ...filter }));
      expect(sheet!.rows, JSON.stringify(filter)).toHaveLength(listed.data.total);
    }
    const res = await listFile({ type: 2, planId: plan.plan.id });
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('成绩导出计划笔试工作.xlsx');
    const [sheet] = await readXlsx(res);
    expect(sheet!.name).toBe('笔试工作');
    expect(sheet!.rows).toHaveLength(6);
    expect(sheet!.header).toEqual(
      expect.arrayContaining(['序号', '姓名', '报考岗位', '性别', '身份证号码', '手机号码', '报名状态', '准考证号', '考场', '座位号', '笔试成绩', '排名', '出生日期', '学历', '报名时间']),
    );
    const first = plan.applications[0]!;
    expect(sheet!.rows.find((r) => r['姓名'] === first.realName)).toMatchObject({
      报考岗位: '会计/出纳[一]',
      身份证号码: first.identityNo,
      出生日期: '1998-05-20',
      报名状态: '待录入笔试成绩',
      准考证号: ticketOf(first.id, 2),
      笔试成绩: '88.50',
    });
    expect(sheet!.rows.find((r) => r['姓名'] === plan.applications[1]!.realName)!['笔试成绩']).toBe('缺考');
    expect(sheet!.rows.find((r) => r['姓名'] === plan.applications[2]!.realName)!['报名状态']).toBe('待笔试');
  });

  it('the score pages’ export names its sheet after the page and says where each score is', async () => {
    const [sheet] = await readXlsx(await listFile({ type: 2, planId: plan.plan.id, scoreStatus: 1 }));
    expect(sheet!.name).toBe('笔试成绩录入');
    expect(sheet!.rows.map((r) => [r['姓名'], r['成绩状态']]).sort()).toEqual(
      [
        [plan.applications[0]!.realName, '已录入待审核'],
        [plan.applications[1]!.realName, '缺考'],
        [plan.applications[3]!.realName, '已录入待审核'],
        [plan.applications[4]!.realName, '已录入待审核'],
        [plan.applications[5]!.realName, '已录入待审核'],
      ].sort(),
    );
  });

  it('a stage nobody reached yet exports the header alone', async () => {
    const listed = await t.call(examApplicationList, { type: 3, planId: plan.plan.id, pageNum: 1, pageSize: 10 }, { token: t.admin });
    const [sheet] = await readXlsx(await listFile({ type: 3, planId: plan.plan.id }));
    expect(listed.data.total).toBe(0);
    expect(sheet!.rows).toEqual([]);
    expect(sheet!.header).toContain('面试成绩');
  });

  it('refuses another company’s plan (404), a post of another plan (404), no permission (403) and a bad score status (400)', async () => {
    expectError(await listFile({ type: 2, planId: plan.plan.id }, t.hospital), 404, '招录计划不存在');
    expectError(await listFile({ type: 2, planId: plan.plan.id, recruitmentId: 999999 }), 404, '岗位不存在');
    expectError(await listFile({ type: 2, planId: plan.plan.id }, outsider), 403, '您没有执行该操作的权限');
    expectError(await listFile({ type: 2, planId: plan.plan.id, scoreStatus: 3 }), 400, '成绩状态不正确');
  });
});

/** A ranking sheet's rows without the note below them. */
const rowsOfSheet = (sheet: { lines: string[][] }) => sheet.lines.filter((line) => line.length > 1);

describe('a plan’s ranking in one file', () => {
  it('a sheet per post, named as Excel allows (≤ 31 characters, unique, no []:*?/\\), each the post’s whole ranking', async () => {
    const kind: RankingKind = 'written';
    const res = await rankingFile({ kind, planId: plan.plan.id });
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('成绩导出计划笔试排名.xlsx');
    const sheets = await readXlsx(res);
    expect(sheets.map((s) => s.name)).toEqual(['会计_出纳_一_', '会计_出纳_一_（2）', [...LONG_POST].slice(0, 31).join('')]);
    for (const [i, post] of plan.posts.entries()) {
      const listed = await t.call(getGradeList, { kind, recruitmentId: post.id, pageNum: 1, pageSize: 1 }, { token: t.admin });
      expect(rowsOfSheet(sheets[i]!), post.jobVacancy).toHaveLength(listed.data.total);
      expect(sheets[i]!.lines.at(-1)![0]).toContain('未发布');
    }
    expect(sheets[0]!.header).toEqual(expect.arrayContaining(['名次', '姓名', '性别', '身份证号码', '手机号码', '准考证号', '笔试成绩', '入围面试', '报名状态', '说明']));
    expect(sheets[0]!.rows[0]).toMatchObject({ 名次: '1', 姓名: plan.applications[0]!.realName, 笔试成绩: '88.50', 报名状态: '待录入笔试成绩' });
    expect(sheets[0]!.rows[1]).toMatchObject({ 名次: '', 笔试成绩: '缺考' });
    expect(sheets[1]!.rows.slice(0, -1).map((r) => r['笔试成绩'])).toEqual(['92.00', '75.00']);
  });

  it('the interview rankings have their own columns', async () => {
    const [sheet] = await readXlsx(await rankingFile({ kind: 'complex', planId: plan.plan.id }));
    expect(sheet!.header).toEqual(expect.arrayContaining(['笔试成绩', '面试成绩', '综合成绩', '拟录用']));
    expect(rowsOfSheet(sheet!)).toEqual([]);
  });

  it('refuses another company’s plan (404), no permission (403) and a bad kind (400)', async () => {
    expectError(await rankingFile({ kind: 'written', planId: plan.plan.id }, t.hospital), 404, '招录计划不存在');
    expectError(await rankingFile({ kind: 'written', planId: plan.plan.id }, outsider), 403, '您没有执行该操作的权限');
    expectError(await rankingFile({ kind: 'best', planId: plan.plan.id }), 400, '排名类型不正确');
  });
});
