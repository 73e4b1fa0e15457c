import {
  WORKFLOW_SCORE_MARK_STATUS,
  WORKFLOW_STAGES,
  WORKFLOW_STAGE_LIST,
  type WorkflowKind,
  type WorkflowStage,
  judgeWorkflow,
  saveWorkflow,
  workflowList,
  workflowStaffOptions,
} from '@zhaokao/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { applicationTask, recruitmentPlan, staffUser, sysOrg, workflowItem } from '../../db/schema.js';
import { isForeignKeyViolation } from '../../shared/db-errors.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';

async function planOf(db: Db, companyId: number, planId: number) {
  const [plan] = await db
    .select({ id: recruitmentPlan.id, name: recruitmentPlan.name })
    .from(recruitmentPlan)
    .where(and(eq(recruitmentPlan.id, planId), eq(recruitmentPlan.companyId, companyId)));
  return plan;
}

/** The plan's items with their assignees, by stage then order. */
async function itemsOf(db: Db, companyId: number, planId: number, stage?: WorkflowStage) {
  const rows = await db
    .select({
      id: workflowItem.id,
      planId: workflowItem.planId,
      stage: workflowItem.stage,
      sort: workflowItem.sort,
      workItem: workflowItem.workItem,
      kind: workflowItem.kind,
      assigneeId: workflowItem.assigneeId,
      assigneeName: staffUser.name,
      assigneeEnabled: staffUser.enabled,
    })
    .from(workflowItem)
    .innerJoin(staffUser, and(eq(staffUser.id, workflowItem.assigneeId), eq(staffUser.companyId, workflowItem.companyId)))
    .where(
      and(
        eq(workflowItem.companyId, companyId),
        eq(workflowItem.planId, planId),
        stage === undefined ? undefined : eq(workflowItem.stage, stage),
      ),
    )
    .orderBy(asc(workflowItem.stage), asc(workflowItem.sort), asc(workflowItem.id));
  return rows.map((r) => {
    const kind = r.kind as WorkflowKind;
    return { ...r, kind, markStatus: kind === 'score' ? WORKFLOW_SCORE_MARK_STATUS : 0 };
  });
}

/**
 * Why a stage's list of kinds cannot run, or null: sign-up review is verify only; the written test and
 * the interview need exactly one score item.
 */
export function stageKindProblem(stage: WorkflowStage, kinds: readonly WorkflowKind[]): string | null {
  if (kinds.length === 0) return `${WORKFLOW_STAGES[stage]}阶段还没有安排工作`;
  const scores = kinds.filter((k) => k === 'score').length;
  if (stage === 1) return scores > 0 ? '报名资格审核只能安排审核（√/x）类工作，不能安排成绩录入' : null;
  if (scores === 0) return `${WORKFLOW_STAGES[stage]}阶段需要安排一项成绩录入工作`;
  if (scores > 1) return `${WORKFLOW_STAGES[stage]}阶段只能安排一项成绩录入工作`;
  return null;
}

export function workflowRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, workflowStaffOptions, async ({ session }) => {
    const rows = await db
      .select({ id: staffUser.id, name: staffUser.name, departmentName: sysOrg.name })
      .from(staffUser)
      .leftJoin(sysOrg, and(eq(sysOrg.id, staffUser.departmentId), eq(sysOrg.companyId, staffUser.companyId)))
      .where(and(eq(staffUser.companyId, session.companyId), eq(staffUser.enabled, true)))
      .orderBy(asc(staffUser.id));
    return rows.map((r) => ({ ...r, departmentName: r.departmentName ?? '' }));
  });

  defineRoute(app, workflowList, async ({ input, session }) => {
    const plan = await planOf(db, session.companyId, input.planId);
    if (!plan) throw notFound('招录计划不存在');
    return itemsOf(db, session.companyId, plan.id, input.stage);
  });

  defineRoute(
    app,
    saveWorkflow,
    async ({ input, session }) => {
      const companyId = session.companyId;
      const problem = stageKindProblem(
        input.stage,
        input.items.map((i) => i.kind),
      );
      if (problem) throw badRequest(problem);
      const names = new Set<string>();
      const ids = new Set<number>();
      for (const item of input.items) {
        if (names.has(item.workItem)) throw badRequest(`工作事项“${item.workItem}”重复，请换一个名称`);
        names.add(item.workItem);
        if (item.id !== undefined) {
          if (ids.has(item.id)) throw badRequest('同一工作事项不能出现两次');
          ids.add(item.id);
        }
      }
      try {
        return await db.transaction(async (tx) => {
          // Saves of one plan run one after the other (a double click included), each replacing what
          // the previous one left, so a stage never holds the items of two saves.
          const [plan] = await tx
            .select({ id: recruitmentPlan.id })
            .from(recruitmentPlan)
            .where(and(eq(recruitmentPlan.id, input.planId), eq(recruitmentPlan.companyId, companyId)))
            .for('no key update');
          if (!plan) throw notFound('招录计划不存在');
          const assigneeIds = [...new Set(input.items.map((i) => i.assigneeId))];
          const staff = await tx
            .select({ id: staffUser.id, name: staffUser.name, enabled: staffUser.enabled })
            .from(staffUser)
            .where(and(eq(staffUser.companyId, companyId), inArray(staffUser.id, assigneeIds)));
          const staffById = new Map(staff.map((s) => [s.id, s]));
          for (const id of assigneeIds) {
            const person = staffById.get(id);
            if (!person) throw badRequest('工作人员不存在');
            if (!person.enabled) throw badRequest(`工作人员“${person.name}”已停用，请另选他人`);
          }
          const existing = await tx
            .select({ id: workflowItem.id, workItem: workflowItem.workItem })
            .from(workflowItem)
            .where(and(eq(workflowItem.companyId, companyId), eq(workflowItem.planId, plan.id), eq(workflowItem.stage, input.stage)));
          const existingIds = new Set(existing.map((e) => e.id));
          for (const id of ids) if (!existingIds.has(id)) throw badRequest('工作事项不存在');
          const removed = existing.filter((e) => !ids.has(e.id));
          if (removed.length > 0) {
            const [used] = await tx
              .select({ workflowItemId: applicationTask.workflowItemId })
              .from(applicationTask)
              .where(
                and(
                  eq(applicationTask.companyId, companyId),
                  inArray(
                    applicationTask.workflowItemId,
                    removed.map((r) => r.id),
                  ),
                ),
              )
              .limit(1);
            if (used) {
              const name = removed.find((r) => r.id === used.workflowItemId)!.workItem;
              throw conflict(`已有报名在办理“${name}”，不能删除这项工作`);
            }
            await tx.delete(workflowItem).where(
              and(
                eq(workflowItem.companyId, companyId),
                inArray(
                  workflowItem.id,
                  removed.map((r) => r.id),
                ),
              ),
            );
          }
          for (const [i, item] of input.items.entries()) {
            const values = { sort: (i + 1) * 10, workItem: item.workItem, kind: item.kind, assigneeId: item.assigneeId };
            if (item.id !== undefined) {
              await tx
                .update(workflowItem)
                .set(values)
                .where(and(eq(workflowItem.id, item.id), eq(workflowItem.companyId, companyId)));
            } else {
              await tx.insert(workflowItem).values({ ...values, companyId, planId: plan.id, stage: input.stage });
            }
          }
          return itemsOf(tx as unknown as Db, companyId, plan.id, input.stage);
        });
      } catch (error) {
        // An application got a task of a removed item between the check and the delete.
        if (isForeignKeyViolation(error)) throw conflict('已有报名在办理要删除的工作，不能删除');
        throw error;
      }
    },
    { successMsg: '保存成功' },
  );

  defineRoute(app, judgeWorkflow, async ({ input, session }) => {
    const plan = await planOf(db, session.companyId, input.planId);
    if (!plan) throw notFound('招录计划不存在');
    const items = await itemsOf(db, session.companyId, plan.id);
    const stages = WORKFLOW_STAGE_LIST.map((stage) => {
      const own = items.filter((i) => i.stage === stage);
      const disabled = own.find((i) => !i.assigneeEnabled);
      const message =
        stageKindProblem(
          stage,
          own.map((i) => i.kind),
        ) ?? (disabled ? `“${disabled.workItem}”的工作人员“${disabled.assigneeName}”已停用，请另选他人` : '');
      return { stage, stageName: WORKFLOW_STAGES[stage], itemCount: own.length, valid: message === '', message };
    });
    return { planId: plan.id, valid: stages.every((s) => s.valid), stages };
  });
}
