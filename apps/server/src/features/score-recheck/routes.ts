import {
  RECHECK_ERROR_KINDS, RECHECK_STATES, type ExamStage, answerScoreRecheck, examStageRow,
  exportScoreRecheckList, myScoreRechecks, requestScoreRecheck, scoreRecheckList, toChinaDateTime,
} from '@zhaokao/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { pagedRows, parsedRows } from '../../shared/rows.js';
import { xlsxAnswer } from '../../shared/xlsx.js';
import { candidateOf } from '../candidate-account/index.js';
import { type RecheckAnswer, answerRecheck, requireStagePermission } from './answer.js';
import { recheckDbRow, recheckListSql, recheckRowOf, requireRecheckScope } from './list.js';
import { myRechecksOf, requestRecheck } from './requests.js';

/** 成绩复查 (DESIGN §5 "Fair-exam rules beyond SPEC"): the candidate's requests and the staff's list, export and answers. */
export function scoreRecheckRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const guard = (request: FastifyRequest) => candidateOf(db, request);
  const me = async (request: FastifyRequest) => (await candidateOf(db, request)).candidateId;

  defineRoute(app, myScoreRechecks, async ({ input, request }) => myRechecksOf(db, await me(request), input.id), { guard });
  defineRoute(
    app,
    requestScoreRecheck,
    async ({ input, request }) => {
      const candidateId = await me(request);
      return db.transaction((tx) => requestRecheck(tx, candidateId, { ...input, stage: input.stage as ExamStage }));
    },
    { guard, successMsg: '成绩复查申请已提交' },
  );

  defineRoute(app, scoreRecheckList, async ({ input, session }) => {
    const filter = { ...input, stage: input.stage as ExamStage, companyId: session.companyId };
    requireStagePermission(session, filter.stage);
    await requireRecheckScope(db, filter);
    return pagedRows(db, recheckListSql(filter), recheckDbRow, input);
  });

  defineFileRoute(app, exportScoreRecheckList, async ({ input, session }) => {
    const filter = { ...input, stage: input.stage as ExamStage, companyId: session.companyId };
    requireStagePermission(session, filter.stage);
    const plan = await requireRecheckScope(db, filter);
    const list = await parsedRows(db, recheckListSql(filter).rows, recheckDbRow);
    const stageName = examStageRow(filter.stage).name;
    return xlsxAnswer(`${plan?.name ?? ''}${stageName}成绩复查.xlsx`, `${stageName}成绩复查`, [
      { header: '招录计划', width: 24, values: list.map((r) => r.planName) },
      { header: '岗位', width: 20, values: list.map((r) => r.jobVacancy) },
      { header: '姓名', width: 12, values: list.map((r) => r.realName) },
      { header: '身份证号', width: 22, values: list.map((r) => r.identityNo) },
      { header: '手机号', width: 14, values: list.map((r) => r.phone) },
      { header: '复查理由', width: 30, values: list.map((r) => r.reason) },
      { header: '复查申请时间', width: 18, values: list.map((r) => toChinaDateTime(new Date(r.requestedAt))) },
      { header: '状态', width: 10, values: list.map((r) => RECHECK_STATES[r.state]) },
      { header: '原成绩', width: 10, values: list.map((r) => r.originalScore ?? r.score ?? '') },
      { header: '更正后成绩', width: 10, values: list.map((r) => r.correctedScore ?? '') },
      { header: '差错类型', width: 10, values: list.map((r) => (r.errorKind ? RECHECK_ERROR_KINDS[r.errorKind] : '')) },
      { header: '答复', width: 30, values: list.map((r) => r.answer) },
      { header: '答复人', width: 10, values: list.map((r) => r.answeredBy ?? '') },
      { header: '名次变化', width: 40, values: list.map((r) => r.changes.map((c) => `${c.realName} ${c.oldRank ?? '—'} → ${c.newRank ?? '—'}`).join('；')) },
    ]);
  });

  defineRoute(
    app,
    answerScoreRecheck,
    async ({ input, session }) => {
      const stage = await db.transaction((tx) => answerRecheck(tx, session, input as RecheckAnswer));
      return recheckRowOf(db, session.companyId, stage, input.id);
    },
    { successMsg: '已答复' },
  );
}
