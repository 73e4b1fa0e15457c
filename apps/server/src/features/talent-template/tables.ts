import type { TALENT_FIELD_HIDE, TALENT_FIELD_SHOW } from '@zhaokao/contracts';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';

/** The resume fields a template can ask for (SPEC §3 TalentInfo and its lists); platform data, seeded. */
export const talentField = pgTable('talent_field', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** The resume section: basic, education, family, work, certificate, skill, reward... */
  groupName: text('group_name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** 简历模板: which fields a post asks for and shows. */
export const talentTemplate = pgTable(
  'talent_template',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('talent_template_company').on(t.companyId)],
);

/** SPEC §3 "Template field setting": showStatus 1 shows the field. */
export const talentTemplateField = pgTable(
  'talent_template_field',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    templateId: integer('template_id').notNull().references(() => talentTemplate.id),
    fieldCode: text('field_code').notNull().references(() => talentField.code),
    showStatus: integer('show_status').$type<typeof TALENT_FIELD_HIDE | typeof TALENT_FIELD_SHOW>().notNull().default(1),
    required: boolean('required').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.fieldCode] })],
);
