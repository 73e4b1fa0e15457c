import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidateApplication } from '../application/tables.js';
import { company } from '../company/tables.js';
import { examRoom } from '../exam/tables.js';
import { sysOrg } from '../org/tables.js';
import { recruitmentPlan } from '../plan/tables.js';
import { recruitmentInfo } from '../post/tables.js';
import { staffUser } from '../staff/tables.js';

/**
 * 考官库 (DESIGN §5 interview draws): the company's interview examiners. `departmentId` is their 招录部门 (for the rule
 * that nobody of a post's hiring department presides over its group); `staffUserId` the account they score with on the
 * tablet (null: no login).
 */
export const interviewExaminer = pgTable(
  'interview_examiner',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    name: text('name').notNull(),
    departmentId: integer('department_id').references(() => sysOrg.id),
    staffUserId: integer('staff_user_id').references(() => staffUser.id),
    remarks: text('remarks').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interview_examiner_company').on(t.companyId, t.name),
    uniqueIndex('interview_examiner_staff').on(t.companyId, t.staffUserId).where(sql`${t.staffUserId} is not null`),
  ],
);

/**
 * A declared conflict (回避) of an examiner: with one candidate (`applicationId`, its post in `recruitmentId`) or with a
 * whole post (`applicationId` null).
 */
export const interviewConflict = pgTable(
  'interview_conflict',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    examinerId: integer('examiner_id').notNull().references(() => interviewExaminer.id),
    recruitmentId: integer('recruitment_id').notNull().references(() => recruitmentInfo.id),
    applicationId: integer('application_id').references(() => candidateApplication.id),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').notNull().references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interview_conflict_plan').on(t.companyId, t.planId, t.examinerId),
    uniqueIndex('interview_conflict_application').on(t.examinerId, t.applicationId).where(sql`${t.applicationId} is not null`),
    uniqueIndex('interview_conflict_post').on(t.examinerId, t.recruitmentId).where(sql`${t.applicationId} is null`),
  ],
);

/**
 * 面试分组: an interview room of a plan on a date, with its posts (interview_group_post), the order draw (seed, when,
 * who; numbers in interview_group_candidate) and the examiner draw (seed, when, who; seats in interview_group_examiner).
 */
export const interviewGroup = pgTable(
  'interview_group',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    roomId: integer('room_id').notNull().references(() => examRoom.id),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    orderSeed: integer('order_seed'),
    orderDrawnAt: timestamp('order_drawn_at', { withTimezone: true }),
    orderDrawnBy: integer('order_drawn_by').references(() => staffUser.id),
    examinerSeed: integer('examiner_seed'),
    examinersDrawnAt: timestamp('examiners_drawn_at', { withTimezone: true }),
    examinersDrawnBy: integer('examiners_drawn_by').references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('interview_group_room_date').on(t.roomId, t.drawDate), index('interview_group_plan').on(t.companyId, t.planId, t.drawDate)],
);

/** A post interviewed in a group: all its candidates are in that one group. */
export const interviewGroupPost = pgTable(
  'interview_group_post',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => interviewGroup.id, { onDelete: 'cascade' }),
    recruitmentId: integer('recruitment_id').notNull().references(() => recruitmentInfo.id),
  },
  (t) => [primaryKey({ columns: [t.recruitmentId] }), index('interview_group_post_group').on(t.groupId)],
);

/** A candidate's order number (面试序号) in a group, from the group's order draw. */
export const interviewGroupCandidate = pgTable(
  'interview_group_candidate',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => interviewGroup.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id').notNull().references(() => candidateApplication.id),
    orderNo: integer('order_no').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId] }),
    uniqueIndex('interview_group_candidate_order').on(t.groupId, t.orderNo),
    check('interview_group_candidate_order_no', sql`${t.orderNo} >= 1`),
  ],
);

/**
 * An examiner drawn into a group: seat 0 the chief (主考官, no score), seat i the i-th interview score item
 * (`workItemId`). One group per examiner and day (`drawDate` repeats the group's date for that unique index).
 */
export const interviewGroupExaminer = pgTable(
  'interview_group_examiner',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => interviewGroup.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    examinerId: integer('examiner_id').notNull().references(() => interviewExaminer.id),
    /** No foreign key: 招录工作安排 may replace its items; a seat whose item is gone is flagged on the group. */
    workItemId: integer('work_item_id'),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.seat] }),
    uniqueIndex('interview_group_examiner_day').on(t.examinerId, t.drawDate),
    check('interview_group_examiner_seat', sql`${t.seat} >= 0 and (${t.seat} = 0) = (${t.workItemId} is null)`),
  ],
);
