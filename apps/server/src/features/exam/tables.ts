import type { TieBreakLink } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, pgView, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidateApplication } from '../application/tables.js';
import { company } from '../company/tables.js';
import { recruitmentPlan } from '../plan/tables.js';
import { recruitmentInfo } from '../post/tables.js';
import { staffUser } from '../staff/tables.js';

/** A plan's exam of one stage (2 written, 3 interview): the ticket code pattern, the notes printed on tickets, the last seating's seed. */
export const examSession = pgTable(
  'exam_session',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    stage: smallint('stage').notNull(),
    codePattern: text('code_pattern').notNull(),
    notes: text('notes').notNull().default(''),
    /** 考试科目 printed on tickets; '' prints the stage's name (笔试 / 面试). */
    subject: text('subject').notNull().default(''),
    /** When the exam ends on its day, 'HH:mm' China time ('' when not set): tickets print start – end. */
    endTime: text('end_time').notNull().default(''),
    seed: integer('seed'),
    seatedAt: timestamp('seated_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exam_session_plan_stage').on(t.companyId, t.planId, t.stage), check('exam_session_stage', sql`${t.stage} in (2, 3)`)],
);

/** An exam room (考场) of a plan's stage, with its seat count; `sort` is its number on tickets and codes. */
export const examRoom = pgTable(
  'exam_room',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    stage: smallint('stage').notNull(),
    sort: integer('sort').notNull(),
    name: text('name').notNull(),
    seats: integer('seats').notNull(),
  },
  (t) => [
    uniqueIndex('exam_room_name').on(t.companyId, t.planId, t.stage, t.name),
    uniqueIndex('exam_room_sort').on(t.companyId, t.planId, t.stage, t.sort),
    check('exam_room_stage', sql`${t.stage} in (2, 3)`),
    check('exam_room_seats', sql`${t.seats} between 1 and 200`),
  ],
);

/**
 * An application's part in one exam stage (DESIGN §5): its seat and admission ticket, 缺考, the score's review
 * and the published result. The stage's score itself is `candidate_application.written_grade` /
 * `audition_grade`, the panel rule applied to the stage's score tasks.
 */
export const applicationStage = pgTable(
  'application_stage',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    applicationId: integer('application_id').notNull().references(() => candidateApplication.id),
    stage: smallint('stage').notNull(),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    recruitmentId: integer('recruitment_id').notNull().references(() => recruitmentInfo.id),
    roomId: integer('room_id').references(() => examRoom.id),
    seat: integer('seat'),
    ticketCode: text('ticket_code'),
    /** What the ticket's QR code carries: a random token the public verification page looks up. */
    verifyToken: text('verify_token'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    absent: boolean('absent').notNull().default(false),
    confirmedBy: integer('confirmed_by').references(() => staffUser.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set for those who pass when the post's results are published (the others' are computed when read). */
    rank: integer('rank'),
    passed: boolean('passed'),
    /** Interview stage: written × w + interview × (1 − w), half up, and its rank. */
    compositeScore: numeric('composite_score', { precision: 6, scale: 2 }),
    compositeRank: integer('composite_rank'),
    explanation: text('explanation').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.stage] }),
    uniqueIndex('application_stage_ticket').on(t.companyId, t.planId, t.stage, t.ticketCode),
    uniqueIndex('application_stage_seat').on(t.roomId, t.seat),
    uniqueIndex('application_stage_token').on(t.verifyToken),
    index('application_stage_post').on(t.companyId, t.recruitmentId, t.stage),
    index('application_stage_plan').on(t.companyId, t.planId, t.stage),
    // the scores not yet reviewed, which publishing a post counts: none once all are reviewed
    index('application_stage_unconfirmed').on(t.companyId, t.recruitmentId, t.stage).where(sql`${t.confirmedAt} is null`),
    check('application_stage_stage', sql`${t.stage} in (2, 3)`),
    check('application_stage_seat_pair', sql`(${t.roomId} is null) = (${t.seat} is null)`),
  ],
);

/** A post's published results of one stage: the figures its ranking was made with. One row: published once. */
export const stagePublication = pgTable(
  'stage_publication',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    recruitmentId: integer('recruitment_id').notNull().references(() => recruitmentInfo.id),
    stage: smallint('stage').notNull(),
    places: integer('places').notNull(),
    /** Written: places × entry ratio; interview: places. */
    quota: integer('quota').notNull(),
    /** The pass line used: written, the plan's 合格分数线; interview, its 面试合格线 (migration 0022). */
    passLine: numeric('pass_line', { precision: 6, scale: 2 }),
    compositeWeight: numeric('composite_weight', { precision: 4, scale: 3 }),
    cutoffScore: numeric('cutoff_score', { precision: 6, scale: 2 }),
    /**
     * Interview: the tie-break the ranking was published with (同分排序 chain, a score item's link holding the work
     * item's id as well as its name as then; 同分加试). Null for publications before it was stored: the default chain.
     */
    tieBreak: jsonb('tie_break').$type<{ chain: (TieBreakLink & { itemId?: number | null })[]; extraTestOnTie: boolean }>(),
    passed: integer('passed').notNull(),
    failed: integer('failed').notNull(),
    publishedBy: integer('published_by').notNull().references(() => staffUser.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recruitmentId, t.stage] }), index('stage_publication_company').on(t.companyId, t.recruitmentId)],
);

/** A post's places reduced or the post cancelled (报名通过人员统计), append-only. */
export const postPlacesChange = pgTable(
  'post_places_change',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    recruitmentId: integer('recruitment_id').notNull().references(() => recruitmentInfo.id),
    fromPlaces: integer('from_places').notNull(),
    toPlaces: integer('to_places').notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    actorId: integer('actor_id').notNull().references(() => staffUser.id),
    remarks: text('remarks').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_places_change_post').on(t.companyId, t.recruitmentId, t.id)],
);

/** What candidates are told one by one (a post cancelled); results published are told by `candidateNoticeFeed`. */
export const candidateNotice = pgTable(
  'candidate_notice',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    applicationId: integer('application_id').notNull().references(() => candidateApplication.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('candidate_notice_application').on(t.companyId, t.applicationId, t.id)],
);

/**
 * Everything a candidate is told (migrations 0007, 0015 and 0017): the rows of candidate_notice, one notice per
 * published result read from stage_publication and the candidate's application_stage row (who passed) or their
 * score and the post's cut-off (who did not), and one per review decision, ticket issued and interview list
 * confirmed, read from application_history. The candidate site reads this.
 */
export const candidateNoticeFeed = pgView('candidate_notice_feed', {
  companyId: integer('company_id').notNull(),
  applicationId: integer('application_id').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
}).existing();

/** A previewed score import, kept until it is committed (or replaced by a new upload). */
export const gradeImport = pgTable(
  'grade_import',
  {
    id: text('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    stage: smallint('stage').notNull(),
    createdBy: integer('created_by').notNull().references(() => staffUser.id),
    /** [{ row, ticketCode, realName, score }] as read from the file. */
    rows: text('rows').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
  },
  (t) => [index('grade_import_company').on(t.companyId, t.createdBy)],
);
