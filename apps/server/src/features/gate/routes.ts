import {
  GATE_RESULTS, PUBLICITY_RESULTS, confirmGateList, decideGate, decideGateTasks, exportGateApplicationList,
  gateApplicationList, gateNoticeDraft, gateStageRow, gateSummary, gateVacancyList, previewSubstitute,
  savePublicityObjection, substituteGate,
} from '@zhaokao/contracts';
import type { FastifyInstance } from 'fastify';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { pagedRows } from '../../shared/rows.js';
import { xlsxAnswer } from '../../shared/xlsx.js';
import { confirmGateList as confirmList } from './confirm.js';
import { decideGate as decide, requireGatePermission, saveObjection } from './decide.js';
import { gateSummaryOf } from './summary.js';
import { PUBLICITY, gateDbRow, gateListRow, gateListSql, gatePlanOf, gateRowsAll } from './list.js';
import { gateNoticeDraft as noticeDraft } from './notice-draft.js';
import { substituteInto, substitutePreviewOf, vacancyListOf } from './substitute.js';
import { decideTasks, gateStepsOf } from './tasks.js';

/** The gate stages (DESIGN §5 "After the interview"): lists, 确认名单, decisions, 公示's objections and notice drafts. */
export function gateRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, gateApplicationList, async ({ input, session }) => {
    await gatePlanOf(db, session.companyId, input.planId, input.recruitmentId);
    const q = gateListSql({ ...input, companyId: session.companyId });
    const page = await pagedRows(db, { count: q.count, rows: q.rows }, gateDbRow, input);
    const steps = await gateStepsOf(db, session.companyId, input.gate, page.list.map((r) => r.id), session.userId);
    return { total: page.total, list: page.list.map((r) => ({ ...gateListRow(r), steps: steps.get(r.id)?.steps ?? [], myTaskId: steps.get(r.id)?.myTaskId ?? null })) };
  });

  defineFileRoute(app, exportGateApplicationList, async ({ input, session }) => {
    const plan = await gatePlanOf(db, session.companyId, input.planId, input.recruitmentId);
    const gate = gateStageRow(input.gate);
    const list = await gateRowsAll(db, { ...input, companyId: session.companyId });
    const words = gate.stage === PUBLICITY.stage ? PUBLICITY_RESULTS : GATE_RESULTS;
    return xlsxAnswer(`${plan.name}${gate.name}名单.xlsx`, `${gate.name}名单`, [
      { header: '岗位', width: 20, values: list.map((r) => r.jobVacancy) },
      { header: '姓名', width: 12, values: list.map((r) => r.realName) },
      { header: '性别', width: 6, values: list.map((r) => r.sex) },
      { header: '身份证号', width: 22, values: list.map((r) => r.identityNo) },
      { header: '手机号', width: 14, values: list.map((r) => r.phone) },
      { header: gate.ranking === 'written' ? '笔试成绩' : '综合成绩', width: 10, values: list.map((r) => r.score ?? '') },
      { header: '名次', width: 8, values: list.map((r) => r.rank ?? '') },
      { header: '结果', width: 10, values: list.map((r) => words[r.result]) },
      { header: '递补', width: 6, values: list.map((r) => (r.substitute ? '是' : '')) },
      { header: '原因', width: 30, values: list.map((r) => r.reason) },
      ...(gate.stage === PUBLICITY.stage ? [{ header: '异议情况', width: 30, values: list.map((r) => r.objection) }] : []),
    ]);
  });

  defineRoute(app, gateSummary, async ({ input, session }) => gateSummaryOf(db, session.companyId, input.gate, input.planId, session.userId));

  defineRoute(app, confirmGateList, async ({ input, session }) =>
    db.transaction((tx) => confirmList(tx, { ...input, companyId: session.companyId, actorId: session.userId })),
  );

  defineRoute(app, decideGate, async ({ input, session }) => {
    requireGatePermission(session.permissions, input.gate);
    return db.transaction((tx) => decide(tx, { ...input, companyId: session.companyId, actorId: session.userId }));
  });

  // 合格 / 不合格 through the gate's work items (招录工作安排), when the plan set them (tasks.ts)
  defineRoute(app, decideGateTasks, async ({ input, session }) => {
    requireGatePermission(session.permissions, input.gate);
    return db.transaction((tx) => decideTasks(tx, { ...input, companyId: session.companyId, actorId: session.userId }));
  });

  defineRoute(app, savePublicityObjection, async ({ input, session }) => {
    requireGatePermission(session.permissions, PUBLICITY.stage);
    await db.transaction((tx) => saveObjection(tx, session.companyId, input.applicationId, input.objection));
    return null;
  });

  // 递补 (substitute.ts)
  defineRoute(app, gateVacancyList, async ({ input, session }) => vacancyListOf(db, session.companyId, input));
  defineRoute(app, previewSubstitute, async ({ input, session }) => substitutePreviewOf(db, session.companyId, input));
  defineRoute(app, substituteGate, async ({ input, session }) => substituteInto(db, session, input));

  defineRoute(app, gateNoticeDraft, async ({ input, session }) => noticeDraft(db, session.companyId, input.gate, input.planId));
}
