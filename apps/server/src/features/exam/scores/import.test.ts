import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { SCORE_IMPORT_MAX_ROWS, SCORE_FORMAT_MESSAGE, commitScoreImport, reviewScores, scoreOverFullMarksMessage } from '@zhaokao/contracts';
import ExcelJS from 'exceljs';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, applicationStage, applicationTask, candidateApplication, workflowItem } from '../../../db/tables.js';
import { expectError, useTestApp, staffWith } from '../../../test/app.js';
import { insertExamPlan, insertScoredExamPlan } from '../../../test/exam.js';
import { IMPORT_DONE, IMPORT_MISSING, IMPORT_PROBLEMS } from './import.js';
import { scoresOf, issueInterviewTickets, issueTickets, scoreItemIds, statusesOf, ticketOf } from '../../../test/scores.js';

const t = useTestApp();

type Cell = string | number;

async function xlsx(rows: Cell[][], headers: string[] = ['准考证号', '姓名', '岗位', '成绩']): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('成绩');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The same file for many rows: ExcelJS's streaming writer makes 100 000 rows several times faster than `xlsx`. */
async function bigXlsx(rows: Cell[][], headers: string[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet('成绩');
  sheet.addRow(headers).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

function upload(token: string, query: string, content: Buffer, filename = '成绩.xlsx') {
  const boundary = `----zhaokao${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(filename)}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/recruitment/scoreImport/preview?${query}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': token },
    payload,
  });
}

const snapshot = async () => ({
  applications: await t.db.select().from(candidateApplication).orderBy(asc(candidateApplication.id)),
  tasks: await t.db.select().from(applicationTask).orderBy(asc(applicationTask.id)),
  stages: await t.db.select().from(applicationStage).orderBy(asc(applicationStage.applicationId), asc(applicationStage.stage)),
  history: await t.db.select().from(applicationHistory).orderBy(asc(applicationHistory.id)),
});

let plan: Awaited<ReturnType<typeof insertExamPlan>>;
let ids: number[];
let names: string[];
let query: string;
let noEntry: string;

beforeAll(async () => {
  plan = await insertScoredExamPlan(t, {
    name: '导入计划',
    posts: [{ jobVacancy: '统计员', places: 2, candidates: 8 }],
  });
  ids = plan.applications.map((a) => a.id);
  names = plan.applications.map((a) => a.realName);
  await issueTickets(t.db, t.company1, ids, 2);
  // The last one has left score entry (its results came out): its ticket exists, it cannot take a score.
  await t.db.update(candidateApplication).set({ status: 23 }).where(inArray(candidateApplication.id, [ids[7]!]));
  query = `planId=${plan.plan.id}&type=2`;
  noEntry = await staffWith(t, '笔试管理员', 'bishiguanli2', ['review:written']);
});

const row = (i: number, score: Cell, name = names[i]!): Cell[] => [ticketOf(ids[i]!, 2), name, '统计员', score];

describe('the template', () => {
  it('lists the applications awaiting their score, the score empty', async () => {
    const res = await t.get(`/api/recruitment/scoreImport/template?${query}`, t.admin);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['准考证号', '姓名', '岗位', '成绩']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(ids.slice(0, 7).map((id) => ticketOf(id, 2)));
    expect(rows.slice(1).every((r) => r[3] === '' || r[3] === undefined)).toBe(true);
    expect((await t.get(`/api/recruitment/scoreImport/template?${query}`, noEntry)).statusCode).toBe(403);
    expect((await t.get(`/api/recruitment/scoreImport/template?${query}`, t.hospital)).json()).toMatchObject({ code: 404, msg: '招录计划不存在' });
    expect((await t.get(`/api/recruitment/scoreImport/template?planId=${plan.plan.id}&type=9`, t.admin)).json()).toMatchObject({ code: 400, msg: '考试阶段不正确' });
  });
});

const SCORE_COLUMN = '“成绩”（也可写作“笔试成绩”“面试成绩”“分数”“总分”“考试成绩”）';

describe('an office’s own sheet', () => {
  it('accepts the header names an office uses, spaces ignored, and checks the rows as the template’s', async () => {
    for (const headers of [
      ['准考证', '考生姓名', '分数'],
      ['考号', '姓名', '笔试成绩'],
      [' 准考证号 ', '姓 名', '考试成绩'],
      ['考号', '总分'],
      // Both stages' columns: the written one is the written stage's score.
      ['准考证号', '姓名', '面试成绩', '笔试成绩'],
    ]) {
      const cells = (i: number, score: Cell): Cell[] =>
        headers.map((h) => (h.includes('成绩') || h.includes('分') ? (h === '面试成绩' ? 'x' : score) : h.includes('名') ? names[i]! : ticketOf(ids[i]!, 2)));
      const res = await upload(t.admin, query, await xlsx([cells(0, 81), cells(1, '缺考'), cells(2, 101)], headers));
      expect(res.json(), headers.join()).toMatchObject({ code: 200, data: { rows: 3, valid: 2, absent: 1, problemCount: 1 } });
      expect(res.json().data.problems.map((p: { row: number; problem: string }) => [p.row, p.problem])).toEqual([[4, scoreOverFullMarksMessage('100.00')]]);
    }
    // A name column under another name is checked as 姓名 is.
    const mismatch = (await upload(t.admin, query, await xlsx([[ticketOf(ids[0]!, 2), '别人', 80]], ['考号', '考生姓名', '成绩']))).json().data;
    expect(mismatch.problems.map((p: { problem: string }) => p.problem)).toEqual([IMPORT_PROBLEMS.nameMismatch]);
  });

  it('says why a file is refused: every missing column with the names it may have, too many rows; nothing saved', async () => {
    const before = await snapshot();
    expectError(
      await upload(t.admin, query, await xlsx([['A', '张三', 80]], ['编号', '姓名', '得分'])),
      400,
      `文件第一行缺少“准考证号”（也可写作“准考证”“考号”）、${SCORE_COLUMN}列，请使用下载的模板`,
    );
    const many = Array.from({ length: SCORE_IMPORT_MAX_ROWS + 1 }, (_, k) => [`X${k}`, 1]);
    expectError(
      await upload(t.admin, query, await bigXlsx(many, ['准考证号', '成绩'])),
      400,
      `文件有 ${SCORE_IMPORT_MAX_ROWS + 1} 行成绩，每次最多导入 ${SCORE_IMPORT_MAX_ROWS} 行，请分成几个文件导入`,
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('preview and commit', () => {
  it('refuses what is not an .xlsx of scores, missing permission and other companies', async () => {
    const good = await xlsx([row(0, 80)]);
    expectError(await t.post('/api/recruitment/scoreImport/preview', t.admin, { planId: plan.plan.id, type: 2 }), 400, '请选择要上传的文件');
    expectError(await upload(t.admin, query, good, '成绩.csv'), 400, '请上传 .xlsx 格式的 Excel 文件');
    expectError(await upload(t.admin, query, Buffer.from('not a workbook')), 400, '无法读取该文件，请上传 .xlsx 格式的 Excel 文件');
    expectError(await upload(t.admin, query, await xlsx([[ticketOf(ids[0]!, 2), 80]], ['准考证号', '得分'])), 400, `文件第一行缺少${SCORE_COLUMN}列，请使用下载的模板`);
    expectError(await upload(t.admin, query, await xlsx([])), 400, '文件中没有成绩');
    expectError(await upload(t.admin, `planId=${plan.plan.id}&type=7`, good), 400, '考试阶段不正确');
    expectError(await upload(noEntry, query, good), 403, '您没有执行该操作的权限');
    expectError(await upload(t.hospital, query, good), 404, '招录计划不存在');
    expectError(await t.call(commitScoreImport, { importId: '!' }, { token: t.admin }), 400, IMPORT_MISSING);
    expectError(await t.call(commitScoreImport, { importId: 'abcdefghijkl' }, { token: t.admin }), 404, IMPORT_MISSING);
    const preview = (await upload(t.admin, query, good)).json();
    expectError(await t.call(commitScoreImport, { importId: preview.data.importId }, { token: t.hospital }), 404, IMPORT_MISSING);
    expectError(await t.call(commitScoreImport, { importId: preview.data.importId }, { token: noEntry }), 403, '您没有执行该操作的权限');
  });

  it('lists each row’s problem; with any problem the commit saves nothing', async () => {
    const file = await xlsx([
      row(0, '86.5'),
      ['NOPE-1', '无名', '统计员', 80],
      row(1, 80, '别人'),
      row(2, 'abc'),
      row(3, '100.5'),
      row(4, ''),
      row(5, '缺考'),
      row(5, 70),
      row(7, 60),
    ]);
    const res = await upload(t.admin, query, file);
    expect(res.json()).toMatchObject({ code: 200 });
    const preview = res.json().data;
    expect(preview).toMatchObject({ rows: 9, valid: 1, absent: 0, problemCount: 8 });
    expect(preview.problems.map((p: { row: number; problem: string }) => [p.row, p.problem])).toEqual([
      [3, IMPORT_PROBLEMS.ticketUnknown],
      [4, IMPORT_PROBLEMS.nameMismatch],
      [5, SCORE_FORMAT_MESSAGE],
      [6, scoreOverFullMarksMessage('100.00')],
      [7, IMPORT_PROBLEMS.scoreMissing],
      [8, IMPORT_PROBLEMS.duplicate],
      [9, IMPORT_PROBLEMS.duplicate],
      [10, '该考生当前不能录入成绩'],
    ]);
    expect(preview.problems[0]).toEqual({ row: 3, ticketCode: 'NOPE-1', realName: '无名', score: '80', problem: '准考证号不存在' });
    const before = await snapshot();
    expectError(await t.call(commitScoreImport, { importId: preview.importId }, { token: t.admin }), 400, '第 3 行：准考证号不存在');
    expect(await snapshot()).toEqual(before);
  });

  it('saves a clean file in one go, once; then a reviewed score is refused', async () => {
    const file = await xlsx([row(0, '86.5'), row(1, 80), row(2, 79.25), row(3, '100'), row(4, '缺考'), row(5, 0), row(6, 55)]);
    const preview = (await upload(t.admin, query, file)).json().data;
    expect(preview).toMatchObject({ rows: 7, valid: 7, absent: 1, problems: [], problemCount: 0 });
    expect(await statusesOf(t.db, ids.slice(0, 7))).toEqual([21, 21, 21, 21, 21, 21, 21]); // nothing saved by the preview
    const saved = await t.call(commitScoreImport, { importId: preview.importId }, { token: t.admin });
    expect(saved).toMatchObject({ code: 200, data: { saved: 7 } });
    expect(await statusesOf(t.db, ids.slice(0, 7))).toEqual([22, 22, 22, 22, 22, 22, 22]);
    expect((await scoresOf(t.db, ids.slice(0, 7))).map((g) => g.written)).toEqual(['86.50', '80.00', '79.25', '100.00', null, '0.00', '55.00']);
    expectError(await t.call(commitScoreImport, { importId: preview.importId }, { token: t.admin }), 409, IMPORT_DONE);

    // Checked again at commit: a score reviewed between preview and commit stops the whole import.
    const again = (await upload(t.admin, query, await xlsx([row(0, 90), row(1, 91)]))).json().data;
    expect(again.problemCount).toBe(0);
    expect((await t.call(reviewScores, { type: 2, ids: [ids[1]!], action: 'confirm' }, { token: t.admin })).data.done).toBe(1);
    const before = await snapshot();
    expectError(await t.call(commitScoreImport, { importId: again.importId }, { token: t.admin }), 400, `第 3 行：${IMPORT_PROBLEMS.confirmed}`);
    expect(await snapshot()).toEqual(before);
    const listed = (await upload(t.admin, query, await xlsx([row(1, 91)]))).json().data;
    expect(listed.problems.map((p: { problem: string }) => p.problem)).toEqual([IMPORT_PROBLEMS.confirmed]);
  });

  it('imports a panel: one score column per examiner, each checked, the interview score their mean', async () => {
    const panel = await insertScoredExamPlan(t, {
      name: '面试多人评分',
      posts: [{ jobVacancy: '讲师', places: 1, candidates: 3 }],
      interview: [
        { workItem: '考官甲', kind: 'score', assigneeId: t.adminId },
        { workItem: '考官乙', kind: 'score', assigneeId: t.shenheId },
        { workItem: '考官丙', kind: 'score', assigneeId: t.adminId },
      ],
    });
    const panelIds = panel.applications.map((a) => a.id);
    const panelNames = panel.applications.map((a) => a.realName);
    await issueInterviewTickets(t.db, t.company1, panel.plan.id, panelIds);
    const panelQuery = `planId=${panel.plan.id}&type=3`;
    const headers = ['准考证号', '姓名', '岗位', '成绩1（考官甲）', '成绩2（考官乙）', '成绩3（考官丙）'];

    const template = await t.get(`/api/recruitment/scoreImport/template?${panelQuery}`, t.admin);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(headers);

    // The old one-column template does not fit a panel.
    expectError(
      await upload(t.admin, panelQuery, await xlsx([[ticketOf(panelIds[0]!, 3), panelNames[0]!, '讲师', 80]])),
      400,
      '文件第一行缺少“成绩1（考官甲）”、“成绩2（考官乙）”、“成绩3（考官丙）”列，请使用下载的模板',
    );
    const panelRow = (i: number, ...scores: Cell[]): Cell[] => [ticketOf(panelIds[i]!, 3), panelNames[i]!, '讲师', ...scores];
    const bad = (await upload(t.admin, panelQuery, await xlsx([panelRow(0, 80, '', 90), panelRow(1, 80, 'x', 101), panelRow(2, '缺考', 70, '缺考')], headers))).json().data;
    expect(bad).toMatchObject({ rows: 3, valid: 0, problemCount: 4 });
    expect(bad.problems.map((p: { row: number; score: string; problem: string }) => [p.row, p.score, p.problem])).toEqual([
      [2, '80 /  / 90', `成绩2（考官乙）：${IMPORT_PROBLEMS.scoreMissing}`],
      [3, '80 / x / 101', `成绩2（考官乙）：${SCORE_FORMAT_MESSAGE}`],
      [3, '80 / x / 101', `成绩3（考官丙）：${scoreOverFullMarksMessage('100.00')}`],
      [4, '缺考 / 70 / 缺考', IMPORT_PROBLEMS.absentMixed],
    ]);
    const before = await snapshot();
    expectError(await t.call(commitScoreImport, { importId: bad.importId }, { token: t.admin }), 400, `第 2 行：成绩2（考官乙）：${IMPORT_PROBLEMS.scoreMissing}`);
    expect(await snapshot()).toEqual(before);

    const good = (await upload(t.admin, panelQuery, await xlsx([panelRow(0, 80, 85, 90), panelRow(1, '70.5', 71, 72), panelRow(2, '缺考', '缺考', '缺考')], headers))).json().data;
    expect(good).toMatchObject({ rows: 3, valid: 3, absent: 1, problemCount: 0 });
    expect(await t.call(commitScoreImport, { importId: good.importId }, { token: t.admin })).toMatchObject({ code: 200, data: { saved: 3 } });
    expect(await statusesOf(t.db, panelIds)).toEqual([32, 32, 32]);
    // The panel rule: the mean of the three, half up to two places (71.1666… → 71.17).
    expect((await scoresOf(t.db, panelIds)).map((g) => g.interview)).toEqual(['85.00', '71.17', null]);
    const items = await scoreItemIds(t.db, panel.plan.id, 3);
    const tasks = await t.db.select().from(applicationTask).where(inArray(applicationTask.applicationId, [panelIds[1]!]));
    expect(items.map((item) => tasks.find((task) => task.workflowItemId === item)!.score)).toEqual(['70.50', '71.00', '72.00']);

    // An examiner added after the upload: the preview no longer fits the plan's score items, and nothing is saved.
    const stale = (await upload(t.admin, panelQuery, await xlsx([panelRow(0, 81, 82, 83)], headers))).json().data;
    const [added] = await t.db
      .insert(workflowItem)
      .values({ companyId: t.company1, planId: panel.plan.id, stage: 3, sort: 99, workItem: '考官丁', kind: 'score', assigneeId: t.adminId })
      .returning();
    const unchanged = await snapshot();
    expectError(await t.call(commitScoreImport, { importId: stale.importId }, { token: t.admin }), 400, IMPORT_PROBLEMS.columnsChanged);
    expect(await snapshot()).toEqual(unchanged);
    await t.db.delete(workflowItem).where(eq(workflowItem.id, added!.id));
  });
});
