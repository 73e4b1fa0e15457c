import {
  ABSENT_WORD, EXAM_STAGES, INTERVIEW_STAGE, RANKING_KINDS, type RankingRow, WRITTEN_STAGE, examStageRow,
  exportExamApplicationList, exportPlanRankingList,
} from '@zhaokao/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { defineFileRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { type XlsxField, type XlsxSheet, batches, fieldSheet, xlsxStream } from '../../shared/xlsx.js';
import { type Applicant, createdAtField, identityFields, numberField, personFields, statusField, withApplicants } from '../examine/index.js';
import { type ExamListDbRow, examListPlan, examListRow, examListSql } from './list.js';
import { PLAN_MISSING, rankingOf, rankingRows, ruleText, stageOfKind } from '../pipeline/index.js';


interface Entry<R> {
  row: R;
  applicant: Applicant;
}

type ExamRow = ReturnType<typeof examListRow>;

/** Where a row's score is, in the words of the score pages: 待录入, 已录入待审核, 已审核, or 缺考. */
function scoreStateOf(row: ExamRow): string {
  if (row.absent) return row.confirmed ? `${ABSENT_WORD}（已审核）` : ABSENT_WORD;
  if (row.confirmed) return '已审核';
  return row.score !== null ? '已录入待审核' : '待录入';
}

export function examExportRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineFileRoute(app, exportExamApplicationList, async ({ input, session }) => {
    const companyId = session.companyId;
    const filter = { ...input, companyId, staffId: session.userId };
    const { plan, sits } = await examListPlan(db, filter);
    const stageName = EXAM_STAGES[input.type];
    const title = input.scoreStatus === undefined ? `${stageName}工作` : `${stageName}成绩${input.scoreStatus === 1 ? '录入' : '审核'}`;
    async function* entries() {
      if (!sits) return;
      const pages = batches((page) => rowsOf<ExamListDbRow>(db, examListSql({ ...filter, ...page }).page));
      for await (const batch of pages) yield await withApplicants(db, companyId, batch.map(examListRow), (r) => r.id);
    }
    const fields: XlsxField<Entry<ExamRow>>[] = [
      numberField(),
      ...identityFields<ExamRow>(),
      statusField(),
      { header: '准考证号', width: 16, value: (e) => e.row.ticketCode },
      { header: '考场', width: 12, value: (e) => e.row.roomName },
      { header: '座位号', width: 7, value: (e) => e.row.seat },
      { header: `${stageName}成绩`, width: 9, value: (e) => (e.row.absent ? ABSENT_WORD : e.row.score) },
      ...(input.scoreStatus === undefined ? [] : [{ header: '成绩状态', width: 14, value: (e: Entry<ExamRow>) => scoreStateOf(e.row) }]),
      { header: '排名', width: 6, value: (e) => e.row.rank },
      ...(input.type === INTERVIEW_STAGE ? [{ header: '笔试成绩', width: 9, value: (e: Entry<ExamRow>) => e.applicant.writtenScore }] : []),
      ...personFields<ExamRow>(),
      createdAtField(),
    ];
    return xlsxStream(`${plan.name}${title}.xlsx`, [fieldSheet(title, fields, entries())]);
  });

  defineFileRoute(app, exportPlanRankingList, async ({ input, session }) => {
    const companyId = session.companyId;
    const plan = await loadOwned(db, recruitmentPlan, input.planId, companyId, PLAN_MISSING);
    const posts = await db
      .select({ id: recruitmentInfo.id, jobVacancy: recruitmentInfo.jobVacancy })
      .from(recruitmentInfo)
      .where(and(eq(recruitmentInfo.companyId, companyId), eq(recruitmentInfo.planId, plan.id)))
      .orderBy(asc(recruitmentInfo.id));
    const stage = stageOfKind(input.kind);
    const { passedWord } = examStageRow(stage);
    const fields: XlsxField<Entry<RankingRow>>[] = [
      { header: '名次', width: 6, value: (e) => e.row.rank },
      { header: '姓名', width: 10, value: (e) => e.row.realName },
      { header: '性别', width: 6, value: (e) => e.applicant.sex },
      { header: '身份证号码', width: 21, value: (e) => e.row.identityNo },
      { header: '手机号码', width: 13, value: (e) => e.applicant.phone },
      { header: '准考证号', width: 16, value: (e) => e.row.ticketCode },
      { header: '笔试成绩', width: 9, value: (e) => (e.row.absent && stage === WRITTEN_STAGE ? ABSENT_WORD : e.row.writtenScore) },
      { header: '卷面成绩', width: 9, value: (e) => e.row.paperScore },
      { header: '加分', width: 6, value: (e) => e.row.bonus },
      { header: '加分项目', width: 16, value: (e) => e.row.bonusNames },
      ...(stage === INTERVIEW_STAGE
        ? [
            { header: '面试成绩', width: 9, value: (e: Entry<RankingRow>) => (e.row.absent ? ABSENT_WORD : e.row.interviewScore) },
            { header: '综合成绩', width: 9, value: (e: Entry<RankingRow>) => e.row.compositeScore },
          ]
        : []),
      { header: passedWord, width: 9, value: (e) => (e.row.passed ? '是' : '否') },
      statusField(),
      { header: '说明', width: 70, value: (e) => e.row.explanation },
      { header: '出生日期', width: 11, value: (e) => e.applicant.birthday },
      { header: '学历', width: 8, value: (e) => e.applicant.education },
      { header: '毕业院校', width: 22, value: (e) => e.applicant.schools },
      { header: '所学专业', width: 20, value: (e) => e.applicant.majors },
    ];
    // A sheet per post, each ranked only when its turn comes.
    async function* sheets(): AsyncIterable<XlsxSheet> {
      for (const post of posts) {
        const { published, figures } = await rankingOf(db, companyId, post.id, input.kind);
        const ranking = { companyId, recruitmentId: post.id, kind: input.kind, published, figures };
        async function* entries() {
          for await (const batch of batches((page) => rankingRows(db, { ...ranking, page }).then((r) => r.list))) {
            yield await withApplicants(db, companyId, batch, (r) => r.applicationId);
          }
        }
        const note = `${published ? '已发布' : '未发布（按当前成绩预览）'}。规则：${ruleText(input.kind, figures)}`;
        yield fieldSheet(post.jobVacancy, fields, entries(), note);
      }
    }
    return xlsxStream(`${plan.name}${RANKING_KINDS[input.kind]}.xlsx`, sheets());
  });
}
