import { date, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/** A candidate: a person across the whole platform, not a tenant record (DESIGN §4). */
export const talent = pgTable(
  'talent',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ...resumeColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('talent_identity_no').on(t.identityNo)],
);
