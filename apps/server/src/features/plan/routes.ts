import {
  PLAN_STATUS_LABELS,
  type PlanStatus,
  centsToYuan,
  chinaDateTimeToDate,
  deletePlan,
  planList,
  planOptions,
  savePlan,
  setPlanStatus,
  toChinaDateTime,
  yuanToCents,
} from '@zhaokao/contracts';
import { type SQL, and, count, desc, eq, gt, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { candidateApplication, recruitmentInfo, recruitmentPlan, workflowItem } from '../../db/schema.js';
import { conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { escapeLike } from '../../shared/sql.js';

/** PostgreSQL's foreign_key_violation: something began to use the row between the checks and the delete. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}


/**
 * The plan, locked until the end of the transaction `tx`: against other changes of it and — with
 * `update` — against applications, posts and work items being added to it (they lock it in key-share mode).
 */
async function lockedPlanOf(tx: Db, companyId: number, id: number, strength: 'update' | 'no key update') {
  const [plan] = await tx
    .select()
    .from(recruitmentPlan)
    .where(and(eq(recruitmentPlan.id, id), eq(recruitmentPlan.companyId, companyId)))
    .for(strength);
  return plan;
}

async function countOf(db: Db, table: typeof recruitmentInfo | typeof candidateApplication | typeof workflowItem, companyId: number, planId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.planId, planId)));
  return row!.n;
}

/** Allowed moves: draft → published, published ⇄ closed; back to draft only while nobody has applied. */
const NEXT: Record<PlanStatus, PlanStatus[]> = {
  draft: ['published'],
  published: ['closed', 'draft'],
  closed: ['published', 'draft'],
};

export function planRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, planList, async ({ input, session }) => {
    const filters: (SQL | undefined)[] = [eq(recruitmentPlan.companyId, session.companyId)];
    if (input.keyword) filters.push(ilike(recruitmentPlan.name, `%${escapeLike(input.keyword)}%`));
    if (input.status) filters.push(eq(recruitmentPlan.status, input.status));
    const where = and(...filters);
    const [total] = await db.select({ n: count() }).from(recruitmentPlan).where(where);
    const postCount = db
      .select({ n: count() })
      .from(recruitmentInfo)
      .where(and(eq(recruitmentInfo.companyId, recruitmentPlan.companyId), eq(recruitmentInfo.planId, recruitmentPlan.id)));
    const applicationCount = db
      .select({ n: count() })
      .from(candidateApplication)
      .where(
        and(eq(candidateApplication.companyId, recruitmentPlan.companyId), eq(candidateApplication.planId, recruitmentPlan.id)),
      );
    const rows = await db
      .select({
        plan: recruitmentPlan,
        postCount: sql<number>`(${postCount})`.mapWith(Number),
        applicationCount: sql<number>`(${applicationCount})`.mapWith(Number),
      })
      .from(recruitmentPlan)
      .where(where)
      .orderBy(desc(recruitmentPlan.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize);
    return {
      total: total!.n,
      list: rows.map(({ plan: p, postCount: posts, applicationCount: applications }) => ({
        id: p.id,
        name: p.name,
        signUpStartDate: toChinaDateTime(p.signUpStartDate),
        signUpEndDate: toChinaDateTime(p.signUpEndDate),
        writtenStartDate: toChinaDateTime(p.writtenStartDate),
        writtenExamAddress: p.writtenExamAddress,
        auditionStartDate: toChinaDateTime(p.auditionStartDate),
        auditionExamAddress: p.auditionExamAddress,
        writtenFullMarks: p.writtenFullMarks,
        auditionFullMarks: p.auditionFullMarks,
        compositeWeight: p.compositeWeight,
        interviewEntryRatio: p.interviewEntryRatio,
        registrationFee: p.registrationFee,
        registrationFeeY: centsToYuan(p.registrationFee),
        status: p.status as PlanStatus,
        remark: p.remark,
        postCount: posts,
        applicationCount: applications,
        createdAt: p.createdAt.toISOString(),
      })),
    };
  });

  defineRoute(app, planOptions, async ({ session }) => {
    const rows = await db
      .select({ id: recruitmentPlan.id, name: recruitmentPlan.name, status: recruitmentPlan.status })
      .from(recruitmentPlan)
      .where(eq(recruitmentPlan.companyId, session.companyId))
      .orderBy(desc(recruitmentPlan.id));
    return rows.map((r) => ({ ...r, status: r.status as PlanStatus }));
  });

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
        registrationFee: yuanToCents(input.registrationFeeY)!,
        remark: input.remark,
        updatedAt: new Date(),
      };
      if (input.id !== undefined) {
        const id = input.id;
        await db.transaction(async (tx) => {
          const plan = await lockedPlanOf(tx as unknown as Db, session.companyId, id, 'no key update');
          if (!plan) throw notFound('招录计划不存在');
          // A full mark may not drop below a score already entered (DESIGN §5: no score above full marks).
          for (const [grade, fullMarks, what] of [
            [candidateApplication.writtenGrade, input.writtenFullMarks, '笔试'],
            [candidateApplication.auditionGrade, input.auditionFullMarks, '面试'],
          ] as const) {
            const [above] = await tx
              .select({ n: count() })
              .from(candidateApplication)
              .where(
                and(
                  eq(candidateApplication.companyId, session.companyId),
                  eq(candidateApplication.planId, plan.id),
                  gt(grade, fullMarks),
                ),
              );
            if (above!.n > 0) throw conflict(`已有 ${above!.n} 名考生的${what}成绩高于 ${fullMarks} 分，不能把${what}满分改低`);
          }
          await tx
            .update(recruitmentPlan)
            .set(values)
            .where(and(eq(recruitmentPlan.id, plan.id), eq(recruitmentPlan.companyId, session.companyId)));
        });
        return { id };
      }
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
      const plan = await lockedPlanOf(tx as unknown as Db, session.companyId, input.id, 'update');
      if (!plan) throw notFound('招录计划不存在');
      const from = plan.status as PlanStatus;
      if (from === input.status) throw conflict(`“${plan.name}”已是${PLAN_STATUS_LABELS[from]}状态`);
      if (!NEXT[from].includes(input.status)) {
        throw conflict(`草稿状态的计划不能直接结束，请先发布`);
      }
      if (input.status === 'draft') {
        const applications = await countOf(tx as unknown as Db, candidateApplication, session.companyId, plan.id);
        if (applications > 0) throw conflict(`“${plan.name}”已有 ${applications} 份报名，不能改回草稿`);
      }
      await tx
        .update(recruitmentPlan)
        .set({ status: input.status, updatedAt: new Date() })
        .where(and(eq(recruitmentPlan.id, plan.id), eq(recruitmentPlan.companyId, session.companyId)));
    });
    return null;
  });

  defineRoute(
    app,
    deletePlan,
    async ({ input, session }) => {
      try {
        await db.transaction(async (tx) => {
          // Locked first: a delete of the same plan at the same moment then finds nothing (404), and
          // what is being added to it is counted below.
          const plan = await lockedPlanOf(tx as unknown as Db, session.companyId, input.id, 'update');
          if (!plan) throw notFound('招录计划不存在');
          const applications = await countOf(tx as unknown as Db, candidateApplication, session.companyId, plan.id);
          if (applications > 0) throw conflict(`“${plan.name}”已有 ${applications} 份报名，不能删除`);
          const posts = await countOf(tx as unknown as Db, recruitmentInfo, session.companyId, plan.id);
          if (posts > 0) throw conflict(`“${plan.name}”下还有 ${posts} 个招录岗位，请先删除岗位`);
          const items = await countOf(tx as unknown as Db, workflowItem, session.companyId, plan.id);
          if (items > 0) throw conflict(`“${plan.name}”已设置 ${items} 项招录工作安排，请先删除工作安排`);
          await tx.delete(recruitmentPlan).where(and(eq(recruitmentPlan.id, plan.id), eq(recruitmentPlan.companyId, session.companyId)));
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict('该招录计划刚刚有了岗位、报名或工作安排，不能删除');
        throw error;
      }
      return null;
    },
    { successMsg: '删除成功' },
  );
}
