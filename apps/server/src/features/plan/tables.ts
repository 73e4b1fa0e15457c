import { sql } from 'drizzle-orm';
import type { PlanExamMode, PlanStatus, TieBreakLink } from '@zhaokao/contracts';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';
import { staffUser } from '../staff/tables.js';

/** 招录计划 (DESIGN §5): dates, places and the rules the review stages run on. */
export const recruitmentPlan = pgTable(
  'recruitment_plan',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    name: text('name').notNull(),
    signUpStartDate: timestamp('sign_up_start_date', { withTimezone: true }).notNull(),
    signUpEndDate: timestamp('sign_up_end_date', { withTimezone: true }).notNull(),
    writtenStartDate: timestamp('written_start_date', { withTimezone: true }).notNull(),
    writtenExamAddress: text('written_exam_address').notNull().default(''),
    auditionStartDate: timestamp('audition_start_date', { withTimezone: true }).notNull(),
    auditionExamAddress: text('audition_exam_address').notNull().default(''),
    /** Exact decimals with two places (DESIGN §5). */
    writtenFullMarks: numeric('written_full_marks', { precision: 6, scale: 2 }).notNull().default('100.00'),
    auditionFullMarks: numeric('audition_full_marks', { precision: 6, scale: 2 }).notNull().default('100.00'),
    /** w in composite = written × w + interview × (1 − w). */
    compositeWeight: numeric('composite_weight', { precision: 4, scale: 3 }).notNull().default('0.500'),
    /** Places × ratio candidates enter the interview. */
    interviewEntryRatio: integer('interview_entry_ratio').notNull().default(3),
    /** 开考比例: a post whose sign-up passes fall below places × this is flagged on 报名通过人员统计. */
    minExamRatio: numeric('min_exam_ratio', { precision: 4, scale: 1 }).notNull().default('3.0'),
    /** 合格分数线: nobody below it enters the interview; null for none. */
    writtenPassLine: numeric('written_pass_line', { precision: 6, scale: 2 }),
    /** 面试合格线: nobody whose interview score is below it is 拟录用; null for none. */
    interviewPassLine: numeric('interview_pass_line', { precision: 6, scale: 2 }),
    registrationFee: bigint('registration_fee', { mode: 'number' }).notNull().default(0),
    /** The fee is paid after the sign-up review passed (as civil-service exams do), within `feePayDays`; else before. */
    feeAfterReview: boolean('fee_after_review').notNull().default(false),
    feePayDays: integer('fee_pay_days').notNull().default(3),
    /** The photo rule (DEFAULT_PHOTO_RULE): a JPG of exactly these pixels, between these sizes. */
    photoWidth: integer('photo_width').notNull().default(295),
    photoHeight: integer('photo_height').notNull().default(413),
    photoMinKb: integer('photo_min_kb').notNull().default(10),
    photoMaxKb: integer('photo_max_kb').notNull().default(200),
    /** 录用环节: the gate stages the plan runs (GATE_STAGE_TABLE's stages, ascending; empty: none). */
    gates: integer('gates').array().notNull().default(sql`'{}'::integer[]`),
    /** 公示's period in days, from the day a candidate enters 公示. */
    publicityDays: integer('publicity_days').notNull().default(7),
    /** 成绩复查 (DESIGN §5): the days after a post's stage publication during which a candidate may ask (0: none). */
    recheckDays: integer('recheck_days').notNull().default(3),
    /** 加分 (DESIGN §5): the cap on one candidate's bonus, and whether bonuses of several categories add up (to it). */
    bonusCap: numeric('bonus_cap', { precision: 5, scale: 2 }).notNull().default('5'),
    bonusStacking: boolean('bonus_stacking').notNull().default(false),
    /**
     * 同分排序 (DESIGN §5): the links that order those of equal composite score, in turn (contracts' tie-break.ts); and
     * 同分加试: those still tied across the cut-off take a 加试 instead of all passing.
     */
    tieBreakChain: jsonb('tie_break_chain').$type<TieBreakLink[]>().notNull().default([{ link: 'written' }]),
    extraTestOnTie: boolean('extra_test_on_tie').notNull().default(false),
    /** draft | published | closed */
    status: text('status').$type<PlanStatus>().notNull().default('draft'),
    /** full | interview | direct: which exams the plan runs (考核招聘, DESIGN §5). */
    examMode: text('exam_mode').$type<PlanExamMode>().notNull().default('full'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recruitment_plan_company').on(t.companyId, t.id),
    check('recruitment_plan_status', sql`${t.status} in ('draft', 'published', 'closed')`),
    check(
      'recruitment_plan_date_order',
      sql`${t.signUpStartDate} < ${t.signUpEndDate} and ${t.signUpEndDate} <= ${t.writtenStartDate} and ${t.writtenStartDate} < ${t.auditionStartDate}`,
    ),
    check('recruitment_plan_weight', sql`${t.compositeWeight} >= 0 and ${t.compositeWeight} <= 1`),
    check('recruitment_plan_fee', sql`${t.registrationFee} >= 0`),
    check('recruitment_plan_min_exam_ratio', sql`${t.minExamRatio} >= 0`),
    check('recruitment_plan_pass_line', sql`${t.writtenPassLine} is null or (${t.writtenPassLine} >= 0 and ${t.writtenPassLine} <= ${t.writtenFullMarks})`),
    check(
      'recruitment_plan_interview_pass_line',
      sql`${t.interviewPassLine} is null or (${t.interviewPassLine} >= 0 and ${t.interviewPassLine} <= ${t.auditionFullMarks})`,
    ),
    check('recruitment_plan_fee_pay_days', sql`${t.feePayDays} between 1 and 30`),
    check('recruitment_plan_photo', sql`${t.photoWidth} between 100 and 2000 and ${t.photoHeight} between 100 and 2000 and ${t.photoMinKb} >= 1 and ${t.photoMinKb} < ${t.photoMaxKb} and ${t.photoMaxKb} <= 2048`),
    check('recruitment_plan_publicity_days', sql`${t.publicityDays} between 1 and 30`),
    check('recruitment_plan_recheck_days', sql`${t.recheckDays} between 0 and 30`),
    check('recruitment_plan_bonus_cap', sql`${t.bonusCap} >= 0`),
    check('recruitment_plan_exam_mode', sql`${t.examMode} in ('full', 'interview', 'direct')`),
  ],
);

/**
 * A stage of a plan closed by staff: who closed it and when. Only the sign-up stage (1) is closed this
 * way: from then on nobody applies, resubmits or is reviewed, and only then can the exams start (tickets, results).
 * A row is never removed: a closed stage stays closed.
 */
export const planStageClose = pgTable(
  'plan_stage_close',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    stage: smallint('stage').notNull(),
    closedBy: integer('closed_by').notNull().references(() => staffUser.id),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.stage] }), check('plan_stage_close_stage', sql`${t.stage} = 1`)],
);
