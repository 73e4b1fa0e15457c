import {
  DEFAULT_TIE_BREAK_CHAIN, GATE_STAGE_TABLE, PLAN_STATUS_LABELS, PLAN_STATUS_NEXT, centsToYuan,
  chinaDateTimeToDate, closePlanSignUp, deletePlan, WRITTEN_STAGE, gateAfterPublicationMessage, gateStatuses,
  planList, planOptions, planRow, savePlan, setPlanStatus, yuanToCents,
} from '@zhaokao/contracts';
import { type SQL, and, count, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { candidateApplication, recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { deleteOwned } from '../../db/in-use.js';
import { conflict } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { chinaTimeText, childCount, countOwned, loadOwned, pagedRows, parsedRows, timestampText } from '../../shared/rows.js';
import { listWhere, rowsOf } from '../../shared/sql.js';
import { closeSignUp, PLAN_MISSING } from '../pipeline/index.js';
import { refuseTieBreakChange } from '../extra-test/index.js';



/**
 * The plan, locked until the end of the transaction `tx`: against other changes of it and — with
 * `update` — against applications, posts and work items being added to it (they lock it in key-share mode).
 */
const lockedPlanOf = (tx: Db, companyId: number, id: number, strength: 'update' | 'no key update') =>
  loadOwned(tx, recruitmentPlan, id, companyId, PLAN_MISSING, strength);

export function planRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, planList, async ({ input, session }) => {
    const where = listWhere(recruitmentPlan, session.companyId, input, { equal: ['status'], keywordIn: [recruitmentPlan.name] });
    const query = db
      .select({
        ...getTableColumns(recruitmentPlan),
        postCount: childCount(db, recruitmentInfo, recruitmentInfo.planId, recruitmentPlan),
        applicationCount: childCount(db, candidateApplication, candidateApplication.planId, recruitmentPlan),
      })
      .from(recruitmentPlan)
      .where(where)
      .orderBy(desc(recruitmentPlan.id));
    const row = planRow.omit({ registrationFeeY: true, signUpClosed: true }).extend({
      signUpStartDate: chinaTimeText,
      signUpEndDate: chinaTimeText,
      writtenStartDate: chinaTimeText,
      auditionStartDate: chinaTimeText,
      createdAt: timestampText,
    });
    const { total, list } = await pagedRows(db, { table: recruitmentPlan, where, select: query.$dynamic() }, row, input);
    const closings = list.length === 0 ? [] : await parsedRows(
      db,
      sql`select c.plan_id as "planId", c.closed_at as "closedAt", s.name as "closedBy" from plan_stage_close c
        join staff_user s on s.id = c.closed_by
        where c.company_id = ${session.companyId} and c.stage = 1 and c.plan_id in (${sql.join(list.map((p) => sql`${p.id}`), sql`, `)})`,
      z.object({ planId: z.coerce.number(), closedAt: chinaTimeText, closedBy: z.string() }),
    );
    const closingOf = new Map(closings.map(({ planId, ...closing }) => [planId, closing]));
    return {
      total,
      list: list.map((p) => ({ ...p, registrationFeeY: centsToYuan(p.registrationFee), signUpClosed: closingOf.get(p.id) ?? null })),
    };
  });

  defineRoute(app, planOptions, async ({ session }) =>
    db
      .select({ id: recruitmentPlan.id, name: recruitmentPlan.name, status: recruitmentPlan.status })
      .from(recruitmentPlan)
      .where(eq(recruitmentPlan.companyId, session.companyId))
      .orderBy(desc(recruitmentPlan.id)),
  );

  defineRoute(
    app,
    savePlan,
    async ({ input, session }) => {
      const values = {
        name: input.name,
        signUpStartDate: chinaDateTimeToDate(input.signUpStartDate)!,
        signUpEndDate: chinaDateTimeToDate(input.signUpEndDate)!,
        writtenStartDate: chinaDateTimeToDate(input.writtenStartDate)!,
        writtenExamAddress: input.writtenExamAddress,
        auditionStartDate: chinaDateTimeToDate(input.auditionStartDate)!,
        auditionExamAddress: input.auditionExamAddress,
        writtenFullMarks: input.writtenFullMarks,
        auditionFullMarks: input.auditionFullMarks,
        compositeWeight: input.compositeWeight,
        interviewEntryRatio: input.interviewEntryRatio,
        minExamRatio: input.minExamRatio,
        writtenPassLine: input.writtenPassLine,
        interviewPassLine: input.interviewPassLine,
        registrationFee: yuanToCents(input.registrationFeeY)!,
        feeAfterReview: input.feeAfterReview,
        feePayDays: input.feePayDays,
        photoWidth: input.photoWidth,
        photoHeight: input.photoHeight,
        photoMinKb: input.photoMinKb,
        photoMaxKb: input.photoMaxKb,
        gates: input.gates,
        publicityDays: input.publicityDays,
        recheckDays: input.recheckDays,
        tieBreakChain: input.tieBreakChain,
        extraTestOnTie: input.extraTestOnTie,
        remark: input.remark,
        updatedAt: new Date(),
      };
      if (input.id !== undefined) {
        const id = input.id;
        await db.transaction(async (tx) => {
          const plan = await lockedPlanOf(tx, session.companyId, id, 'no key update');
          const applicationsWhere = async (condition: SQL) => {
            const [counted] = await tx
              .select({ n: count() })
              .from(candidateApplication)
              .where(and(eq(candidateApplication.companyId, session.companyId), eq(candidateApplication.planId, plan.id), condition));
            return counted!.n;
          };
          // A full mark may not drop below a score already entered (DESIGN §5: no score above full marks).
          for (const [scoreColumn, fullMarks, what] of [
            [candidateApplication.writtenGrade, input.writtenFullMarks, '笔试'],
            [candidateApplication.auditionGrade, input.auditionFullMarks, '面试'],
          ] as const) {
            const above = await applicationsWhere(gt(scoreColumn, fullMarks));
            if (above > 0) throw conflict(`已有 ${above} 名考生的${what}成绩高于 ${fullMarks} 分，不能把${what}满分改低`);
          }
          // 录用环节: a gate may not be dropped once an application of the plan has reached it (holds one of its statuses).
          // 资格复审 may not be added or dropped either once a post has published its written results: publishing moved that
          // post's passes on to the interview, or kept them for 资格复审. The gates after the interview take their
          // candidates by 确认名单 only, so they may change after the interview's publication.
          for (const gate of GATE_STAGE_TABLE.filter((g) => plan.gates.includes(g.stage) !== input.gates.includes(g.stage))) {
            const reached = await applicationsWhere(inArray(candidateApplication.status, gateStatuses(gate)));
            if (reached > 0) throw conflict(`已有 ${reached} 名考生进入${gate.name}环节，不能取消${gate.name}`);
            const [published] = await rowsOf(
              tx,
              sql`select 1 from stage_publication sp join recruitment_info ri on ri.id = sp.recruitment_id and ri.company_id = sp.company_id
                where sp.company_id = ${session.companyId} and ri.plan_id = ${plan.id} and sp.stage = ${gate.after} limit 1`,
            );
            if (published && gate.after === WRITTEN_STAGE) throw conflict(gateAfterPublicationMessage(gate));
          }
          await refuseTieBreakChange(tx, plan, input);
          await tx
            .update(recruitmentPlan)
            .set(values)
            .where(and(eq(recruitmentPlan.id, plan.id), eq(recruitmentPlan.companyId, session.companyId)));
        });
        return { id };
      }
      // A new plan has no work items yet: a score item cannot be named before 招录工作安排 sets it up.
      await refuseTieBreakChange(db, { id: 0, companyId: session.companyId, tieBreakChain: [...DEFAULT_TIE_BREAK_CHAIN], extraTestOnTie: false }, input);
      const [row] = await db
        .insert(recruitmentPlan)
        .values({ ...values, companyId: session.companyId, status: 'draft' })
        .returning({ id: recruitmentPlan.id });
      return { id: row!.id };
    },
    { successMsg: '保存成功' },
  );

  defineRoute(app, setPlanStatus, async ({ input, session }) => {
    await db.transaction(async (tx) => {
      // Applications being made wait, or are counted: a plan never goes back to draft with applications.
      const plan = await lockedPlanOf(tx, session.companyId, input.id, 'update');
      const from = plan.status;
      if (from === input.status) throw conflict(`“${plan.name}”已是${PLAN_STATUS_LABELS[from]}状态`);
      if (!PLAN_STATUS_NEXT[from].includes(input.status)) {
        throw conflict(`草稿状态的计划不能直接结束，请先发布`);
      }
      if (input.status === 'draft') {
        const applications = await countOwned(tx, candidateApplication, session.companyId, candidateApplication.planId, plan.id);
        if (applications > 0) throw conflict(`“${plan.name}”已有 ${applications} 份报名，不能改回草稿`);
      }
      await tx
        .update(recruitmentPlan)
        .set({ status: input.status, updatedAt: new Date() })
        .where(and(eq(recruitmentPlan.id, plan.id), eq(recruitmentPlan.companyId, session.companyId)));
    });
    return null;
  });

  defineRoute(app, closePlanSignUp, async ({ input, session }) => db.transaction((tx) => closeSignUp(tx, session.companyId, input.id, session.userId)), {
    successMsg: '已关闭报名',
  });

  defineRoute(
    app,
    deletePlan,
    async ({ input, session }) => {
      await deleteOwned(db, recruitmentPlan, input.id, session.companyId, { missing: PLAN_MISSING, name: (plan) => plan.name });
      return null;
    },
    { successMsg: '删除成功' },
  );
}
