import { sql } from 'drizzle-orm';
import type { WorkflowKind, WorkflowStage } from '@zhaokao/contracts';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { staffUser } from '../staff/tables.js';
import { company } from '../company/tables.js';
import { recruitmentPlan } from '../plan/tables.js';

/**
 * 招录工作安排 (DESIGN §5): per plan and stage (1 sign-up review, 2 written, 3 interview, and the gates the plan
 * chose: 4 资格复审, 5 体检, 6 考察, 7 公示), ordered work items, each assigned to a staff member, of kind verify
 * (√ / x) or score (markStatus 3).
 */
export const workflowItem = pgTable(
  'workflow_item',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    stage: integer('stage').$type<WorkflowStage>().notNull(),
    sort: integer('sort').notNull().default(0),
    workItem: text('work_item').notNull(),
    /** verify | score */
    kind: text('kind').$type<WorkflowKind>().notNull(),
    assigneeId: integer('assignee_id').notNull().references(() => staffUser.id),
    /**
     * An interview examiner from outside (a score item of stage 3): named here, with no login; the assignee enters
     * the examiner's scores. '' when the assignee scores themself.
     */
    examinerName: text('examiner_name').notNull().default(''),
    examinerUnit: text('examiner_unit').notNull().default(''),
  },
  (t) => [
    index('workflow_item_company_plan_stage').on(t.companyId, t.planId, t.stage, t.sort),
    check('workflow_item_stage', sql`${t.stage} between 1 and 7`),
    check('workflow_item_kind', sql`${t.kind} in ('verify', 'score')`),
  ],
);
