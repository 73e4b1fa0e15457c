import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';
import { staffUser } from '../staff/tables.js';

export interface EducationEntry {
  startTime: string;
  endTime: string;
  schoolName: string;
  education: string;
  specialty: string;
  learningStyle: string;
}
export interface FamilyEntry {
  name: string;
  politicalOutlook: string;
  position: string;
  birthday: string;
}
export interface WorkEntry {
  startTime: string;
  endTime: string;
  companyName: string;
  jobPosition: string;
}
export interface EnclosureEntry {
  image: string;
  name: string;
  enclosureDescribe: string;
}
export interface CertificateEntry {
  image: string;
  skillName: string;
  skillLevel: string;
  name: string;
  certificationDate: string;
}
export interface RewardEntry {
  name: string;
  agencies: string;
  rewardReasons: string;
  rewardDate: string;
}

/**
 * The columns of a resume (SPEC §3 TalentInfo), shared by the talent and by the copy each application
 * keeps of the resume as submitted. Resume lists are read and written whole, so they are JSON documents.
 */
export const resumeColumns = () => ({
  realName: text('real_name').notNull(),
  oldRealName: text('old_real_name').notNull().default(''),
  /** sex dictionary value */
  sex: text('sex').notNull(),
  nation: text('nation').notNull().default(''),
  nationality: text('nationality').notNull().default('中国'),
  birthday: date('birthday').notNull(),
  politicalOutlook: text('political_outlook').notNull().default(''),
  joinPartyDate: date('join_party_date'),
  marriageHistory: text('marriage_history').notNull().default(''),
  candidateType: text('candidate_type').notNull().default(''),
  bodyStatus: text('body_status').notNull().default(''),
  /** position_status dictionary value */
  positionStatus: text('position_status').notNull().default(''),
  contractExpireDate: date('contract_expire_date'),
  certificateImage: text('certificate_image').notNull().default(''),
  hometown: text('hometown').notNull().default(''),
  registeredResidenceAddress: text('registered_residence_address').notNull().default(''),
  nowAddress: text('now_address').notNull().default(''),
  habitation: text('habitation').notNull().default(''),
  familyAddress: text('family_address').notNull().default(''),
  postalAddress: text('postal_address').notNull().default(''),
  documentType: text('document_type').notNull().default('居民身份证'),
  identityNo: text('identity_no').notNull(),
  identityType: text('identity_type').notNull().default(''),
  identityDate: date('identity_date'),
  workYears: integer('work_years').notNull().default(0),
  joinWorkDate: date('join_work_date'),
  phone: text('phone').notNull(),
  email: text('email').notNull().default(''),
  otherContactInformation: text('other_contact_information').notNull().default(''),
  /** 1 means the candidate's personnel file exists. */
  archivesStatus: integer('archives_status').notNull().default(0),
  archivesAddress: text('archives_address').notNull().default(''),
  drivingLicenseCategory: text('driving_license_category').notNull().default(''),
  drivingLicenseType: text('driving_license_type').notNull().default(''),
  totalDrivingMileage: text('total_driving_mileage').notNull().default(''),
  drivingLevel: text('driving_level').notNull().default(''),
  computerLevel: text('computer_level').notNull().default(''),
  technicalTitle: text('technical_title').notNull().default(''),
  firstForeignLanguage: text('first_foreign_language').notNull().default(''),
  firstForeignLanguageLevel: text('first_foreign_language_level').notNull().default(''),
  secondForeignLanguage: text('second_foreign_language').notNull().default(''),
  secondForeignLanguageLevel: text('second_foreign_language_level').notNull().default(''),
  education: text('education').notNull().default(''),
  graduateSchool: text('graduate_school').notNull().default(''),
  nowPosition: text('now_position').notNull().default(''),
  position: text('position').notNull().default(''),
  strongPoint: text('strong_point').notNull().default(''),
  personalEvaluation: text('personal_evaluation').notNull().default(''),
  remarks: text('remarks').notNull().default(''),
  educationList: jsonb('education_list').$type<EducationEntry[]>().notNull().default([]),
  familyList: jsonb('family_list').$type<FamilyEntry[]>().notNull().default([]),
  workList: jsonb('work_list').$type<WorkEntry[]>().notNull().default([]),
  enclosureList: jsonb('enclosure_list').$type<EnclosureEntry[]>().notNull().default([]),
  certificateList: jsonb('certificate_list').$type<CertificateEntry[]>().notNull().default([]),
  rewardList: jsonb('reward_list').$type<RewardEntry[]>().notNull().default([]),
});

/**
 * The text the talent search looks in (name, schools, majors, employers, titles and skills), lower-cased, by
 * `zk_talent_search_text` (migration 0010). `withLatestJob` false leaves out the latest work entry, which a company
 * must not learn before it unlocks the talent (DESIGN §9), not even by searching for it.
 */
const searchTextOf = (withLatestJob: boolean): SQL =>
  sql`zk_talent_search_text(real_name, graduate_school, technical_title, computer_level, strong_point, education_list, work_list, certificate_list, ${sql.raw(withLatestJob ? 'true' : 'false')})`;

/** A candidate: a person across the whole platform, not a tenant record (DESIGN §4). */
export const talent = pgTable(
  'talent',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ...resumeColumns(),
    /** The talent lets companies find them in 全部人才库. */
    searchable: boolean('searchable').notNull().default(false),
    searchText: text('search_text').notNull().generatedAlwaysAs(searchTextOf(true)),
    searchTextPublic: text('search_text_public').notNull().generatedAlwaysAs(searchTextOf(false)),
    /** Every two-character run of `searchText`: a GIN index over it finds the candidates of a substring search. */
    searchGrams: text('search_grams').array().notNull().generatedAlwaysAs(sql`zk_bigrams(${searchTextOf(true)})`),
    /** The education entries' schools and majors, joined with 、, for the school and major filters. */
    schools: text('schools').notNull().generatedAlwaysAs(sql`zk_talent_list_text(graduate_school, education_list, 'schoolName')`),
    majors: text('majors').notNull().generatedAlwaysAs(sql`zk_talent_list_text('', education_list, 'specialty')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('talent_identity_no').on(t.identityNo),
    index('talent_search_grams').using('gin', t.searchGrams),
    index('talent_searchable').on(t.id.desc()).where(sql`${t.searchable}`),
    index('talent_birthday').on(t.birthday),
    // 全部人才库's usual filters, read from the index alone
    index('talent_search_filters').on(t.education, t.sex, t.birthday).where(sql`${t.searchable}`),
  ],
);

/** 分类配置: a company's own classification tree of talents. */
export const talentClassify = pgTable(
  'talent_classify',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    parentId: integer('parent_id').references((): AnyPgColumn => talentClassify.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('talent_classify_name').on(t.companyId, t.parentId, t.name).nullsNotDistinct(),
    index('talent_classify_parent').on(t.companyId, t.parentId),
  ],
);

/** A talent filed under one of the company's classifications (a talent may be under several). */
export const talentCompanyClassify = pgTable(
  'talent_company_classify',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    talentId: integer('talent_id').notNull().references(() => talent.id),
    classifyId: integer('classify_id').notNull().references(() => talentClassify.id),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.talentId, t.classifyId] }), index('talent_company_classify_classify').on(t.companyId, t.classifyId)],
);

/** A company's labels (标签). */
export const talentCompanyLabel = pgTable(
  'talent_company_label',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('talent_company_label_name').on(t.companyId, t.name)],
);

export const talentLabelLink = pgTable(
  'talent_label_link',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    talentId: integer('talent_id').notNull().references(() => talent.id),
    labelId: integer('label_id').notNull().references(() => talentCompanyLabel.id),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.talentId, t.labelId] }), index('talent_label_link_label').on(t.companyId, t.labelId)],
);

/**
 * A talent the company has unlocked (buyStatus 1): 'applicant' (its own, free), 'quota' (a resume quota use) or
 * 'order' (a paid order of type 9). A company's own applicants count as unlocked even before this row exists.
 */
export const talentUnlock = pgTable(
  'talent_unlock',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    talentId: integer('talent_id').notNull().references(() => talent.id),
    source: text('source').$type<'applicant' | 'quota' | 'order'>().notNull(),
    rightId: integer('right_id'),
    orderId: integer('order_id'),
    createdBy: integer('created_by').references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.talentId] })],
);

/** 黑名单: a blacklisted talent cannot apply to the company's plans (DESIGN §9). */
export const talentCompanyBlack = pgTable(
  'talent_company_black',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    talentId: integer('talent_id').notNull().references(() => talent.id),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.talentId] }), index('talent_company_black_list').on(t.companyId, t.createdAt.desc())],
);
