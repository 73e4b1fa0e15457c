import { sql } from 'drizzle-orm';
import { APPLICATION_STATUS, APPLICATION_STATUSES, type ApplicationStatus, type TaskStatus } from '@zhaokao/contracts';
import { check, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffUser } from '../staff/tables.js';
import { company } from '../company/tables.js';
import { recruitmentPlan } from '../plan/tables.js';
import { recruitmentInfo } from '../post/tables.js';
import { resumeColumns, talent } from '../talent/tables.js';
import { workflowItem } from '../workflow/tables.js';
import { STATUS_KEY_SQL } from '../pipeline/tables.js';

/**
 * An application ties one talent to one post of one company (DESIGN §4–5). The applicant's name,
 * identity number and phone are kept as they were at sign-up, which is also what staff search by.
 * No index holds `status` (the plan's status index holds `status_key`), and the table leaves half of each page
 * free (fillfactor 50, migration 0017), so that publishing a post of 100,000 moves them all in one write that
 * rewrites each row within its page and touches no index (a HOT update).
 */
export const candidateApplication = pgTable(
  'candidate_application',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    recruitmentId: integer('recruitment_id').notNull().references(() => recruitmentInfo.id),
    talentId: integer('talent_id').notNull().references(() => talent.id),
    /** candidate_app_status (DESIGN §5). */
    status: smallint('status').$type<ApplicationStatus>().notNull().default(APPLICATION_STATUS.pending),
    /** The status as the plan's status index holds it (see pipeline/status-key.ts); filter with `statusIn`. */
    statusKey: smallint('status_key').$type<ApplicationStatus>().generatedAlwaysAs(STATUS_KEY_SQL),
    realName: text('real_name').notNull(),
    identityNo: text('identity_no').notNull(),
    phone: text('phone').notNull(),
    admissionTicketCode: text('admission_ticket_code'),
    writtenGrade: numeric('written_grade', { precision: 6, scale: 2 }),
    auditionGrade: numeric('audition_grade', { precision: 6, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One application per person and plan.
    uniqueIndex('candidate_application_plan_talent').on(t.companyId, t.planId, t.talentId),
    // the company's talent pool (应聘人才库) and its own-applicant check
    index('candidate_application_talent').on(t.companyId, t.talentId),
    index('candidate_application_post').on(t.companyId, t.recruitmentId, t.id.desc()),
    index('candidate_application_plan').on(t.companyId, t.planId, t.id.desc()),
    index('candidate_application_plan_status').on(t.companyId, t.planId, t.statusKey, t.id.desc()),
    index('candidate_application_name').on(t.companyId, t.realName.op('text_pattern_ops')),
    index('candidate_application_identity').on(t.companyId, t.identityNo.op('text_pattern_ops')),
    index('candidate_application_phone').on(t.companyId, t.phone.op('text_pattern_ops')),
    check(
      'candidate_application_status',
      sql`${t.status} in (${sql.raw(APPLICATION_STATUSES.join(', '))})`,
    ),
  ],
);

/**
 * The resume exactly as submitted with the application: what the company reviews. It never changes
 * when the talent's own record does, nor when the same person applies elsewhere.
 */
export const applicationResume = pgTable('application_resume', {
  applicationId: integer('application_id')
    .primaryKey()
    .references(() => candidateApplication.id),
  companyId: integer('company_id').notNull().references(() => company.id),
  ...resumeColumns(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every status change, append-only (DESIGN §5): who, when, from, to, remarks. */
export const applicationHistory = pgTable(
  'application_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    applicationId: integer('application_id').notNull().references(() => candidateApplication.id),
    fromStatus: smallint('from_status').$type<ApplicationStatus>(),
    toStatus: smallint('to_status').$type<ApplicationStatus>().notNull(),
    actorId: integer('actor_id').references(() => staffUser.id),
    remarks: text('remarks').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_history_application').on(t.companyId, t.applicationId, t.id)],
);

/** One task per work item of the application's stage: 0 pending, 1 passed, 2 failed. */
export const applicationTask = pgTable(
  'application_task',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    applicationId: integer('application_id').notNull().references(() => candidateApplication.id),
    workflowItemId: integer('workflow_item_id').notNull().references(() => workflowItem.id),
    status: smallint('status').$type<TaskStatus>().notNull().default(0),
    score: numeric('score', { precision: 6, scale: 2 }),
    remarks: text('remarks').notNull().default(''),
    verifierId: integer('verifier_id').references(() => staffUser.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('application_task_item').on(t.companyId, t.applicationId, t.workflowItemId),
    // a reviewer's pending tasks (待审核)
    index('application_task_pending').on(t.companyId, t.workflowItemId, t.applicationId).where(sql`${t.status} = 0`),
    check('application_task_status', sql`${t.status} in (0, 1, 2)`),
  ],
);
