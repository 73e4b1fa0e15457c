import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';
import { sysOrg } from '../org/tables.js';
import { recruitmentPlan } from '../plan/tables.js';
import { talentTemplate } from '../talent-template/tables.js';

/** 招录岗位 (SPEC §3 "Recruitment post"). */
export const recruitmentInfo = pgTable(
  'recruitment_info',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    departmentId: integer('department_id').references(() => sysOrg.id),
    jobVacancy: text('job_vacancy').notNull(),
    places: integer('places').notNull(),
    salary: text('salary').notNull().default(''),
    fixedAddress: text('fixed_address').notNull().default(''),
    workExperience: text('work_experience').notNull().default(''),
    education: text('education').notNull().default(''),
    jobDescription: text('job_description').notNull().default(''),
    skillsRequired: text('skills_required').notNull().default(''),
    candidateRemark: text('candidate_remark').notNull().default(''),
    applicationPlace: text('application_place').notNull().default(''),
    talentTemplateId: integer('talent_template_id').references(() => talentTemplate.id),
    /** 取消岗位 (开考比例 not reached, DESIGN §5): set once, before the written tickets are issued. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recruitment_info_company_plan').on(t.companyId, t.planId, t.id),
    index('recruitment_info_company_department').on(t.companyId, t.departmentId),
  ],
);

/** SPEC dialog 5: a post's attachments (name at most 50 characters, a file). */
export const recruitmentFile = pgTable(
  'recruitment_file',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    recruitmentId: integer('recruitment_id').notNull().references(() => recruitmentInfo.id),
    fileName: text('file_name').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recruitment_file_company_post').on(t.companyId, t.recruitmentId)],
);
