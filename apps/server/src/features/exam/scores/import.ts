import { randomBytes } from 'node:crypto';
import {
  ABSENT_WORD, EXAM_STAGES, type ExamStage, SCORE_IMPORT_ALIASES, SCORE_IMPORT_COLUMNS,
  SCORE_IMPORT_INLINE_ROWS, SCORE_IMPORT_MAX_ROWS, type ImportProblem, SCORE_FORMAT_MESSAGE,
  commitScoreImport, compareScores, scoreImportTemplate, previewScoreImport, scoreOverFullMarksMessage,
  scoreText,
} from '@zhaokao/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import { gradeImport, recruitmentPlan } from '../../../db/tables.js';
import { badRequest, conflict, notFound } from '../../../shared/errors.js';
import { defineFileRoute, defineRoute } from '../../../shared/route.js';
import { loadOwned } from '../../../shared/rows.js';
import { rowsOf } from '../../../shared/sql.js';
import { SCORE_LOCKED, holdPostScores } from './common.js';
import { xlsxAnswer } from '../../../shared/xlsx.js';
import { headerKey, readXlsxRows } from './excel.js';
import { type ScoreInput, entryProblem, saveScores, scoreItemsOf, verifyOpen } from './entry.js';
import { PLAN_MISSING, STAGE_RULES } from '../../pipeline/index.js';
import { type JobHandler, unfinishedJobExists } from '../../job/index.js';

export const IMPORT_MISSING = '导入记录不存在，请重新上传';
export const IMPORT_DONE = '该导入已保存';
export const IMPORT_SAVING = '该导入正在后台保存，请在“任务”中查看进度';
/**
 * Rows a large import's job saves per transaction on PGlite: it starts with 1,000 and doubles or halves the next chunk so
 * that each transaction takes about half a second, and the calls waiting for the one connection are served in between.
 */
export const IMPORT_CHUNK = { first: 1_000, min: 250, max: 16_000, targetMs: 500 };
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const PROBLEMS_LISTED = 1000;

export const IMPORT_PROBLEMS = {
  ticketMissing: '请填写准考证号',
  ticketUnknown: '准考证号不存在',
  nameMismatch: '姓名与准考证号不符',
  duplicate: '准考证号重复',
  confirmed: '该考生成绩已审核，不能修改',
  scoreMissing: '请填写成绩或“缺考”',
  absentMixed: '缺考的考生每一项成绩都应填写“缺考”',
  columnsChanged: '评分项已变更，请重新下载模板并上传',
} as const;

/** A row as read from the file; `realName` null when the file has no 姓名 column; `scores` one per score column. */
export interface ImportRow {
  row: number;
  ticketCode: string;
  realName: string | null;
  scores: string[];
}

/** A score column of the template: the stage's one score work item (成绩), or one per examiner of a panel. */
interface ScoreColumn {
  workItemId: number;
  header: string;
}

/**
 * The score columns of the plan's stage, in the order of its score work items: one 成绩 column, or with a panel
 * (several score items) one column per item, named after its outside examiner or else after the item (成绩1（考官甲）…).
 */
async function scoreColumnsOf(db: Db, companyId: number, planId: number, stage: ExamStage): Promise<ScoreColumn[]> {
  const items = (await scoreItemsOf(db, companyId, stage, [planId])).get(planId) ?? [];
  if (items.length === 0) throw badRequest(`该计划的${STAGE_RULES[stage].name}阶段没有成绩录入工作，请先在招录工作安排中设置`);
  if (items.length === 1) return [{ workItemId: items[0]!.id, header: SCORE_IMPORT_COLUMNS.score }];
  return items.map((item, k) => ({ workItemId: item.id, header: `${SCORE_IMPORT_COLUMNS.score}${k + 1}（${item.examinerName || item.workItem}）` }));
}

interface ImportTarget {
  ticketCode: string;
  id: number;
  planId: number;
  realName: string;
  status: number;
  confirmed: boolean;
  fullMarks: string;
  verifyOpen: boolean;
}

/**
 * Checks every row of an import against the plan's stage as it is now (locked with `lock`, ascending id, as
 * score entry locks): the problems of each row, and the entries the rows would save. Rows that do not fit the
 * stage's score `columns` (its score items changed since the upload) are refused as a whole.
 */
async function checkImport(
  tx: Db,
  companyId: number,
  planId: number,
  stage: ExamStage,
  columns: readonly ScoreColumn[],
  rows: readonly ImportRow[],
  lock: boolean,
) {
  const rules = STAGE_RULES[stage];
  if (rows.some((r) => !Array.isArray(r.scores) || r.scores.length !== columns.length)) throw badRequest(IMPORT_PROBLEMS.columnsChanged);
  // With a panel a score's problem names its column.
  const inColumn = (k: number, problem: string) => (columns.length === 1 ? problem : `${columns[k]!.header}：${problem}`);
  const tickets = [...new Set(rows.map((r) => r.ticketCode).filter(Boolean))];
  if (lock) await holdPostScores(tx, sql`select id from recruitment_info where company_id = ${companyId} and plan_id = ${planId}`);
  const targets = await rowsOf<ImportTarget>(
    tx,
    sql`select s.ticket_code as "ticketCode", a.id, a.plan_id as "planId", a.real_name as "realName", a.status,
        s.confirmed_at is not null as confirmed, p.${rules.fullMarks}::text as "fullMarks",
        a.id in (${verifyOpen(companyId, stage, sql`i.plan_id = ${planId}`)}) as "verifyOpen"
      from application_stage s
      join candidate_application a on a.id = s.application_id and a.company_id = s.company_id
      join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      where s.company_id = ${companyId} and s.plan_id = ${planId} and s.stage = ${stage}
        and s.ticket_code in (select jsonb_array_elements_text(${JSON.stringify(tickets)}::jsonb))
      order by a.id
      ${lock ? sql`for update of a` : sql``}`,
  );
  const byTicket = new Map(targets.map((t) => [t.ticketCode, { ...t, status: Number(t.status) }]));
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(r.ticketCode, (seen.get(r.ticketCode) ?? 0) + 1);

  const problems: ImportProblem[] = [];
  const entries: ScoreInput[] = [];
  let absent = 0;
  for (const r of rows) {
    const found: string[] = [];
    const target = byTicket.get(r.ticketCode);
    if (!r.ticketCode) found.push(IMPORT_PROBLEMS.ticketMissing);
    else if (!target) found.push(IMPORT_PROBLEMS.ticketUnknown);
    if (r.ticketCode && seen.get(r.ticketCode)! > 1) found.push(IMPORT_PROBLEMS.duplicate);
    if (target && r.realName !== null && r.realName !== target.realName) found.push(IMPORT_PROBLEMS.nameMismatch);
    if (target) {
      const problem = entryProblem(rules, target);
      if (problem) found.push(problem.message === SCORE_LOCKED ? IMPORT_PROBLEMS.confirmed : problem.message);
    }
    const isAbsent = r.scores.some((cell) => cell === ABSENT_WORD);
    const scores: string[] = [];
    if (r.scores.every((cell) => !cell)) found.push(IMPORT_PROBLEMS.scoreMissing);
    else if (isAbsent) {
      if (!r.scores.every((cell) => cell === ABSENT_WORD)) found.push(IMPORT_PROBLEMS.absentMixed);
    } else {
      for (const [k, cell] of r.scores.entries()) {
        const parsed = scoreText.safeParse(cell);
        if (!cell) found.push(inColumn(k, IMPORT_PROBLEMS.scoreMissing));
        else if (!parsed.success) found.push(inColumn(k, SCORE_FORMAT_MESSAGE));
        else if (target && compareScores(parsed.data, target.fullMarks) > 0) found.push(inColumn(k, scoreOverFullMarksMessage(target.fullMarks)));
        else scores.push(parsed.data);
      }
    }
    const shown = r.scores.join(' / ');
    for (const problem of found) problems.push({ row: r.row, ticketCode: r.ticketCode, realName: r.realName ?? '', score: shown, problem });
    if (found.length > 0 || !target) continue;
    if (isAbsent) absent += 1;
    entries.push({
      applicationId: target.id,
      absent: isAbsent,
      scores: isAbsent ? [] : columns.map((column, k) => ({ workItemId: column.workItemId, score: scores[k]! })),
    });
  }
  return { problems, entries, absent };
}

/**
 * Before a large import is checked: the planner's statistics of the tables it reads, as they are now. Thousands of
 * applications inserted since the last ANALYZE (PGlite runs none of its own; PostgreSQL's autovacuum may not have
 * come yet) made the check a nested loop over every pair of rows: 4,200 rows took 25 s instead of 0.1 s.
 */
const refreshStatistics = (db: Db) => db.execute(sql`analyze application_stage, candidate_application, application_task`);

/** The uploaded .xlsx, read into rows by the template's headers or the other names an office uses for them (SCORE_IMPORT_ALIASES). */
async function uploadedRows(request: FastifyRequest, stage: ExamStage, columns: readonly ScoreColumn[]): Promise<ImportRow[]> {
  if (!request.isMultipart()) throw badRequest('请选择要上传的文件');
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!part) throw badRequest('请选择要上传的文件');
  if (!/\.xlsx$/i.test(part.filename ?? '')) throw badRequest('请上传 .xlsx 格式的 Excel 文件');
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('文件不能超过 20 MB');
    throw error;
  }
  let sheet: Awaited<ReturnType<typeof readXlsxRows>>;
  try {
    sheet = await readXlsxRows(content);
  } catch {
    throw badRequest('无法读取该文件，请上传 .xlsx 格式的 Excel 文件');
  }
  // Each column by its template name or, failing that, the first of its other names the file has.
  const ticketNames = [SCORE_IMPORT_COLUMNS.ticketCode, ...SCORE_IMPORT_ALIASES.ticketCode];
  const scoreNames = (column: ScoreColumn) =>
    columns.length === 1 ? [...new Set([column.header, `${STAGE_RULES[stage].name}成绩`, ...SCORE_IMPORT_ALIASES.score])] : [column.header];
  const headerOf = (names: readonly string[]) => names.map(headerKey).find((name) => sheet.headers.includes(name));
  const ticketHeader = headerOf(ticketNames);
  const scoreHeaders = columns.map((column) => headerOf(scoreNames(column)));
  const missing = [ticketHeader ? null : ticketNames, ...columns.map((column, k) => (scoreHeaders[k] ? null : scoreNames(column)))].filter((names) => names !== null);
  if (missing.length > 0) throw badRequest(missingColumnsMessage(missing));
  if (sheet.rows.length === 0) throw badRequest('文件中没有成绩');
  if (sheet.rows.length > SCORE_IMPORT_MAX_ROWS) throw badRequest(`文件有 ${sheet.rows.length} 行成绩，每次最多导入 ${SCORE_IMPORT_MAX_ROWS} 行，请分成几个文件导入`);
  const nameHeader = headerOf([SCORE_IMPORT_COLUMNS.realName, ...SCORE_IMPORT_ALIASES.realName]);
  return sheet.rows.map(({ row, cells }) => ({
    row,
    ticketCode: cells.get(ticketHeader!) ?? '',
    realName: nameHeader ? (cells.get(nameHeader) ?? '') : null,
    scores: scoreHeaders.map((header) => cells.get(header!) ?? ''),
  }));
}

/** The refusal of a file without some columns: each by its template name, with the other names it may have. */
export function missingColumnsMessage(missing: readonly (readonly string[])[]) {
  const named = missing.map(([name, ...others]) => `“${name}”${others.length > 0 ? `（也可写作${others.map((o) => `“${o}”`).join('')}）` : ''}`);
  return `文件第一行缺少${named.join('、')}列，请使用下载的模板`;
}

export function importRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineFileRoute(app, scoreImportTemplate, async ({ input, session }) => {
    const plan = await loadOwned(db, recruitmentPlan, input.planId, session.companyId, PLAN_MISSING);
    const columns = await scoreColumnsOf(db, session.companyId, plan.id, input.type);
    const rows = await rowsOf<{ ticketCode: string; realName: string; jobVacancy: string }>(
      db,
      sql`select s.ticket_code as "ticketCode", a.real_name as "realName", r.job_vacancy as "jobVacancy"
        from application_stage s
        join candidate_application a on a.id = s.application_id and a.company_id = s.company_id
        join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
        where s.company_id = ${session.companyId} and s.plan_id = ${plan.id} and s.stage = ${input.type}
          and a.status = ${STAGE_RULES[input.type].awaitingScore} and s.ticket_code is not null
        order by s.ticket_code`,
    );
    return xlsxAnswer(`${plan.name}${EXAM_STAGES[input.type]}成绩导入模板.xlsx`, '成绩', [
      { header: SCORE_IMPORT_COLUMNS.ticketCode, width: 20, values: rows.map((r) => r.ticketCode) },
      { header: SCORE_IMPORT_COLUMNS.realName, width: 12, values: rows.map((r) => r.realName) },
      { header: '岗位', width: 24, values: rows.map((r) => r.jobVacancy) },
      ...columns.map((column) => ({ header: column.header, width: Math.max(10, column.header.length * 2 + 2), values: rows.map(() => '') })),
    ]);
  });

  defineRoute(app, previewScoreImport, async ({ input, request, session }) => {
    const companyId = session.companyId;
    const plan = await loadOwned(db, recruitmentPlan, input.planId, companyId, PLAN_MISSING);
    const columns = await scoreColumnsOf(db, companyId, plan.id, input.type);
    const rows = await uploadedRows(request, input.type, columns);
    if (rows.length > SCORE_IMPORT_INLINE_ROWS) await refreshStatistics(db);
    const checked = await checkImport(db, companyId, plan.id, input.type, columns, rows, false);
    const importId = randomBytes(18).toString('base64url');
    await db.transaction(async (tx) => {
      // A new upload replaces the caller's previews of the same plan and stage that were never saved.
      await tx
        .delete(gradeImport)
        .where(
          and(
            eq(gradeImport.companyId, companyId),
            eq(gradeImport.createdBy, session.userId),
            eq(gradeImport.planId, plan.id),
            eq(gradeImport.stage, input.type),
            isNull(gradeImport.committedAt),
          ),
        );
      await tx.insert(gradeImport).values({ id: importId, companyId, planId: plan.id, stage: input.type, createdBy: session.userId, rows: JSON.stringify(rows) });
    });
    return {
      importId,
      rows: rows.length,
      valid: checked.entries.length,
      absent: checked.absent,
      problems: checked.problems.slice(0, PROBLEMS_LISTED),
      problemCount: checked.problems.length,
    };
  });

  app.deps.jobs.handle('scoreImport', scoreImportJob);

  defineRoute(
    app,
    commitScoreImport,
    async ({ input, session }) => {
      const { companyId, userId } = session;
      const saved = await lockedImport(db, companyId, input.importId);
      const rows = JSON.parse(saved.rows) as ImportRow[];
      if (rows.length <= SCORE_IMPORT_INLINE_ROWS) {
        return { saved: await db.transaction((tx) => commitImport(tx, companyId, userId, input.importId)), jobId: null };
      }
      // A large import is a 后台任务: the job checks every row again, then saves them a chunk at a time with progress.
      if (await unfinishedJobExists(db, companyId, 'scoreImport', { importId: saved.id })) throw conflict(IMPORT_SAVING);
      const plan = await loadOwned(db, recruitmentPlan, saved.planId, companyId, PLAN_MISSING);
      const jobId = await app.deps.jobs.create(db, {
        companyId,
        createdBy: userId,
        kind: 'scoreImport',
        title: `导入${EXAM_STAGES[saved.stage as ExamStage]}成绩：${plan.name}`,
        params: { importId: saved.id },
        total: rows.length,
      });
      return { saved: 0, jobId };
    },
    { successMsg: '成绩已导入' },
  );
}

/** The company's import, locked for the caller's transaction; refused when missing or already saved. */
async function lockedImport(tx: Db, companyId: number, importId: string) {
  const [saved] = await tx
    .select()
    .from(gradeImport)
    .where(and(eq(gradeImport.id, importId), eq(gradeImport.companyId, companyId)))
    .for('update');
  if (!saved) throw notFound(IMPORT_MISSING);
  if (saved.committedAt) throw conflict(IMPORT_DONE);
  return saved;
}

/** What a failed import job adds when some rows were saved before the problem was met. */
const savedNote = (count: number) => (count > 0 ? `（此前的 ${count} 行已保存，改正后可重新上传整个文件）` : '');

/**
 * Entries saveScores writes at a time inside the one transaction of an import on PostgreSQL, the progress moving between
 * them: a tenth of the import, at least 1,000 (50,000 rows: 9.0 s in one call, 9.2 s in tenths, 12.2 s by 1,000).
 */
const saveSlice = (entries: number) => Math.max(1_000, Math.ceil(entries / 10));

/**
 * The 后台任务 of a large import.
 *
 * On PostgreSQL, one transaction as the call itself would save it: every row checked again under its lock (any problem
 * and nothing is saved), then saved a slice (saveSlice) at a time, the progress written meanwhile through another
 * connection. A restart rolls it back and the job runs again from the start.
 *
 * On PGlite (one connection, which a transaction holds until it ends) one transaction would stop every other call for
 * its whole length: every row is checked first (any problem and nothing is saved), then saved a chunk (IMPORT_CHUNK)
 * at a time, each chunk checked once more under its rows' locks in its own transaction. A chunk that meets a change made
 * meanwhile (a score reviewed during the import) stops the job: the rows saved before it stay saved (they await review)
 * and the error says so. Run again after a restart, it goes on from the rows its progress counted (a chunk saved twice
 * saves the same scores again).
 */
const scoreImportJob: JobHandler = {
  failure: '保存成绩失败，请重新提交',
  async run({ job, db, progress, oneConnection }) {
    const { companyId } = job;
    const [saved] = await db
      .select()
      .from(gradeImport)
      .where(and(eq(gradeImport.id, String(job.params.importId)), eq(gradeImport.companyId, companyId)));
    if (!saved) throw notFound(IMPORT_MISSING);
    const rows = JSON.parse(saved.rows) as ImportRow[];
    const summary = { summary: `已保存 ${rows.length} 条成绩`, result: { saved: rows.length } };
    // its last chunk committed before the restart: nothing is left to do
    if (saved.committedAt) return summary;
    const stage = saved.stage as ExamStage;
    const planId = saved.planId;
    await refreshStatistics(db);

    if (!oneConnection) {
      await db.transaction(async (tx) => {
        progress(0, rows.length, '正在检查');
        const checked = await checkImport(tx, companyId, planId, stage, await scoreColumnsOf(tx, companyId, planId, stage), rows, true);
        const first = checked.problems[0];
        if (first) throw badRequest(`第 ${first.row} 行：${first.problem}`);
        progress(0, rows.length, '正在保存');
        const slice = saveSlice(checked.entries.length);
        for (let k = 0; k < checked.entries.length; k += slice) {
          await saveScores(tx, companyId, job.createdBy, stage, checked.entries.slice(k, k + slice));
          progress(Math.min(k + slice, checked.entries.length));
        }
        await tx.update(gradeImport).set({ committedAt: new Date() }).where(eq(gradeImport.id, saved.id));
      });
      return summary;
    }

    const resumeAt = Math.min(job.done, rows.length);
    progress(resumeAt, rows.length, '正在检查');
    const checked = await checkImport(db, companyId, planId, stage, await scoreColumnsOf(db, companyId, planId, stage), rows, false);
    const first = checked.problems[0];
    if (first) throw badRequest(`第 ${first.row} 行：${first.problem}${savedNote(resumeAt)}`);
    progress(resumeAt, rows.length, '正在保存');
    let size = IMPORT_CHUNK.first;
    for (let start = resumeAt; start < rows.length; ) {
      const chunk = rows.slice(start, start + size);
      const began = performance.now();
      await db.transaction(async (tx) => {
        const part = await checkImport(tx, companyId, planId, stage, await scoreColumnsOf(tx, companyId, planId, stage), chunk, true);
        const problem = part.problems[0];
        if (problem) throw badRequest(`第 ${problem.row} 行：${problem.problem}${savedNote(start)}`);
        await saveScores(tx, companyId, job.createdBy, stage, part.entries);
        if (start + chunk.length === rows.length) await tx.update(gradeImport).set({ committedAt: new Date() }).where(eq(gradeImport.id, saved.id));
      });
      start += chunk.length;
      progress(start);
      const took = performance.now() - began;
      if (took < IMPORT_CHUNK.targetMs / 2) size = Math.min(IMPORT_CHUNK.max, size * 2);
      else if (took > IMPORT_CHUNK.targetMs * 2) size = Math.max(IMPORT_CHUNK.min, Math.floor(size / 2));
      // PGlite's one connection goes to whoever asks first once the chunk is done: the calls waiting meanwhile, not the next chunk.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return summary;
  },
};

/** Saves a previewed import, checked again under the rows' locks: any problem and nothing is saved. Answers how many rows were saved. */
export async function commitImport(tx: Db, companyId: number, actorId: number, importId: string): Promise<number> {
  const saved = await lockedImport(tx, companyId, importId);
  const stage = saved.stage as ExamStage;
  // The plan's score items as they are now: changed since the upload, the rows no longer fit them.
  const columns = await scoreColumnsOf(tx, companyId, saved.planId, stage);
  const checked = await checkImport(tx, companyId, saved.planId, stage, columns, JSON.parse(saved.rows) as ImportRow[], true);
  const first = checked.problems[0];
  if (first) throw badRequest(`第 ${first.row} 行：${first.problem}`);
  const count = await saveScores(tx, companyId, actorId, stage, checked.entries);
  await tx.update(gradeImport).set({ committedAt: new Date() }).where(eq(gradeImport.id, saved.id));
  return count;
}
