import {
  INTERVIEW_STAGE, WORKFLOW_SCORE_MARK_STATUS, WORKFLOW_STAGES, type WorkflowStage,
  assigneeLacksPermissionMessage, isGateWorkflowStage, judgeWorkflow, planWorkflowStages, saveWorkflow,
  stageKindProblem, workflowList, workflowItemsProblem, workflowStaffOptions, workItemPermission,
  workflowGateNotChosenMessage,
} from '@zhaokao/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { recruitmentPlan, staffUser, sysOrg, sysRole, workflowItem } from '../../db/tables.js';
import { deleteUnlessInUse } from '../../db/in-use.js';
import { badRequest, conflict } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';
import { createStageTasks } from '../pipeline/index.js';


const planOf = (db: Db, companyId: number, planId: number, lock?: 'no key update') =>
  loadOwned(db, recruitmentPlan, planId, companyId, '招录计划不存在', lock);

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
      examinerName: workflowItem.examinerName,
      examinerUnit: workflowItem.examinerUnit,
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
  return rows.map((r) => ({ ...r, markStatus: r.kind === 'score' ? WORKFLOW_SCORE_MARK_STATUS : 0 }));
}

export function workflowRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, workflowStaffOptions, async ({ session }) => {
    const rows = await db
      .select({ id: staffUser.id, name: staffUser.name, departmentName: sysOrg.name, permissions: sysRole.permissions })
      .from(staffUser)
      .innerJoin(sysRole, and(eq(sysRole.id, staffUser.roleId), eq(sysRole.companyId, staffUser.companyId)))
      .leftJoin(sysOrg, and(eq(sysOrg.id, staffUser.departmentId), eq(sysOrg.companyId, staffUser.companyId)))
      .where(and(eq(staffUser.companyId, session.companyId), eq(staffUser.enabled, true)))
      .orderBy(asc(staffUser.id));
    return rows.map((r) => ({ ...r, departmentName: r.departmentName ?? '' }));
  });

  defineRoute(app, workflowList, async ({ input, session }) => {
    const plan = await planOf(db, session.companyId, input.planId);
    return itemsOf(db, session.companyId, plan.id, input.stage);
  });

  defineRoute(
    app,
    saveWorkflow,
    async ({ input, session }) => {
      const companyId = session.companyId;
      const assigneeIds = [...new Set(input.items.map((i) => i.assigneeId))];
      const staff = await db
        .select({ id: staffUser.id, name: staffUser.name, enabled: staffUser.enabled, permissions: sysRole.permissions })
        .from(staffUser)
        .innerJoin(sysRole, and(eq(sysRole.id, staffUser.roleId), eq(sysRole.companyId, staffUser.companyId)))
        .where(and(eq(staffUser.companyId, companyId), inArray(staffUser.id, assigneeIds)));
      const staffById = new Map(staff.map((s) => [s.id, s]));
      const problem = workflowItemsProblem(input.stage, input.items, (id) => staffById.get(id ?? 0)?.name ?? '');
      if (problem) throw badRequest(problem);
      const ids = new Set<number>();
      for (const item of input.items) {
        if (item.id !== undefined) {
          if (ids.has(item.id)) throw badRequest('同一工作事项不能出现两次');
          ids.add(item.id);
        }
      }
      return db.transaction(async (tx) => {
        // Saves of one plan run one after the other (a double click included), each replacing what
        // the previous one left, so a stage never holds the items of two saves.
        const plan = await planOf(tx, companyId, input.planId, 'no key update');
        // A gate's items only for a gate the plan runs (plan form 录用环节).
        if (isGateWorkflowStage(input.stage) && !plan.gates.includes(input.stage)) throw conflict(workflowGateNotChosenMessage(input.stage));
        for (const id of assigneeIds) {
          const person = staffById.get(id);
          if (!person) throw badRequest('工作人员不存在');
          if (!person.enabled) throw badRequest(`工作人员“${person.name}”已停用，请另选他人`);
        }
        for (const item of input.items) {
          const person = staffById.get(item.assigneeId)!;
          const needed = workItemPermission(input.stage, item.kind);
          if (!person.permissions.includes(needed)) throw badRequest(assigneeLacksPermissionMessage(person.name, needed));
        }
        const existing = await tx
          .select({ id: workflowItem.id, workItem: workflowItem.workItem })
          .from(workflowItem)
          .where(and(eq(workflowItem.companyId, companyId), eq(workflowItem.planId, plan.id), eq(workflowItem.stage, input.stage)));
        const existingIds = new Set(existing.map((e) => e.id));
        for (const id of ids) if (!existingIds.has(id)) throw badRequest('工作事项不存在');
        for (const removed of existing.filter((e) => !ids.has(e.id))) {
          await deleteUnlessInUse(tx, workflowItem, { id: removed.id, name: removed.workItem }, companyId);
        }
        for (const [i, item] of input.items.entries()) {
          const examiner = input.stage === INTERVIEW_STAGE && item.kind === 'score' ? item : { examinerName: '', examinerUnit: '' };
          const values = {
            sort: (i + 1) * 10,
            workItem: item.workItem,
            kind: item.kind,
            assigneeId: item.assigneeId,
            examinerName: examiner.examinerName,
            examinerUnit: examiner.examinerUnit,
          };
          if (item.id !== undefined) {
            await tx
              .update(workflowItem)
              .set(values)
              .where(and(eq(workflowItem.id, item.id), eq(workflowItem.companyId, companyId)));
          } else {
            await tx.insert(workflowItem).values({ ...values, companyId, planId: plan.id, stage: input.stage });
          }
        }
        // Applications already in this stage get a task for each new item.
        await createStageTasks(tx, companyId, 'open', plan.id, input.stage);
        return itemsOf(tx, companyId, plan.id, input.stage);
      });
    },
    { successMsg: '保存成功' },
  );

  defineRoute(app, judgeWorkflow, async ({ input, session }) => {
    const plan = await planOf(db, session.companyId, input.planId);
    const items = await itemsOf(db, session.companyId, plan.id);
    // The stages every plan runs, then the gates the plan chose (a gate without items is decided directly: valid).
    const stages = planWorkflowStages(plan.gates).map((stage) => {
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
