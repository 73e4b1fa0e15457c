import { birthdayOfIdentityNo, toChinaDateTime } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idArray, rowsOf } from '../../shared/sql.js';
import type { XlsxField } from '../../shared/xlsx.js';
import { writtenTotalSql } from '../pipeline/index.js';
import type { EducationEntry } from '../talent/tables.js';

/** What an office files about an applicant (报名信息汇总表): the application and the resume submitted with it. */
export interface Applicant {
  id: number;
  planName: string;
  jobVacancy: string;
  realName: string;
  sex: string;
  nation: string;
  birthday: string;
  identityNo: string;
  politicalOutlook: string;
  phone: string;
  email: string;
  education: string;
  schools: string;
  majors: string;
  workYears: number | null;
  postalAddress: string;
  status: number;
  statusName: string;
  createdAt: string;
  /** The written score that ranks (卷面 + 加分 in force, written-total.ts), as the rankings show it. */
  writtenScore: string | null;
  interviewScore: string | null;
}

/** The labels of a dictionary (value → label), as the pages show them; an unknown value is shown as it is. */
export async function dictLabels(db: Db, type: string): Promise<(value: string | number | null | undefined) => string> {
  const rows = await rowsOf<{ value: string; label: string }>(db, sql`select value, label from sys_dict where type = ${type}`);
  const labels = new Map(rows.map((r) => [r.value, r.label]));
  return (value) => (value === null || value === undefined ? '' : (labels.get(String(value)) ?? String(value)));
}

const distinct = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))].join('、');

/** The applicants of the company's applications `ids`, by id. */
export async function applicantsOf(db: Db, companyId: number, ids: readonly number[]): Promise<Map<number, Applicant>> {
  if (ids.length === 0) return new Map();
  const [rows, sexOf, statusOf] = await Promise.all([
    rowsOf<{
      id: number;
      planName: string;
      jobVacancy: string;
      realName: string;
      sex: string | null;
      nation: string | null;
      birthday: string | null;
      identityNo: string;
      politicalOutlook: string | null;
      phone: string;
      email: string | null;
      education: string | null;
      graduateSchool: string | null;
      educationList: EducationEntry[] | null;
      workYears: number | null;
      postalAddress: string | null;
      status: number;
      createdAt: string | Date;
      writtenScore: string | null;
      interviewScore: string | null;
    }>(
      db,
      sql`select a.id, p.name as "planName", r.job_vacancy as "jobVacancy", a.real_name as "realName", ar.sex, ar.nation,
          ar.birthday::text as birthday, a.identity_no as "identityNo", ar.political_outlook as "politicalOutlook", a.phone, ar.email,
          ar.education, ar.graduate_school as "graduateSchool", ar.education_list as "educationList", ar.work_years as "workYears",
          ar.postal_address as "postalAddress", a.status, a.created_at as "createdAt",
          ${writtenTotalSql('a')}::text as "writtenScore", a.audition_grade::text as "interviewScore"
        from candidate_application a
        join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
        join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
        left join application_resume ar on ar.application_id = a.id and ar.company_id = a.company_id
        where a.company_id = ${companyId} and a.id = any(${idArray([...ids])})`,
    ),
    dictLabels(db, 'sex'),
    dictLabels(db, 'candidate_app_status'),
  ]);
  return new Map(
    rows.map((r) => {
      const educations = r.educationList ?? [];
      const applicant: Applicant = {
        id: r.id,
        planName: r.planName,
        jobVacancy: r.jobVacancy,
        realName: r.realName,
        sex: sexOf(r.sex),
        nation: r.nation ?? '',
        birthday: r.birthday ?? (r.identityNo.length === 18 ? birthdayOfIdentityNo(r.identityNo) : ''),
        identityNo: r.identityNo,
        politicalOutlook: r.politicalOutlook ?? '',
        phone: r.phone,
        email: r.email ?? '',
        education: r.education ?? '',
        schools: distinct([r.graduateSchool ?? '', ...educations.map((e) => e.schoolName)]),
        majors: distinct(educations.map((e) => e.specialty)),
        workYears: r.workYears === null ? null : Number(r.workYears),
        postalAddress: r.postalAddress ?? '',
        status: Number(r.status),
        statusName: statusOf(r.status),
        createdAt: toChinaDateTime(new Date(r.createdAt)),
        writtenScore: r.writtenScore,
        interviewScore: r.interviewScore,
      };
      return [r.id, applicant];
    }),
  );
}

/** Pairs each row of a batch with its applicant (rows whose application vanished meanwhile are left out). */
export async function withApplicants<R>(db: Db, companyId: number, rows: readonly R[], idOf: (row: R) => number) {
  const applicants = await applicantsOf(db, companyId, rows.map(idOf));
  return rows.flatMap((row) => {
    const applicant = applicants.get(idOf(row));
    return applicant ? [{ row, applicant }] : [];
  });
}

type Field<R> = XlsxField<{ row: R; applicant: Applicant }>;

/** 序号: the row's number in the file. */
export function numberField<R>(): Field<R> {
  let n = 0;
  return { header: '序号', width: 6, value: () => ++n };
}

/** The applicant's identity: plan, post, name, sex, identity number, phone. */
export const identityFields = <R>(): Field<R>[] => [
  { header: '招录计划', width: 28, value: (r) => r.applicant.planName },
  { header: '报考岗位', width: 18, value: (r) => r.applicant.jobVacancy },
  { header: '姓名', width: 10, value: (r) => r.applicant.realName },
  { header: '性别', width: 6, value: (r) => r.applicant.sex },
  { header: '身份证号码', width: 21, value: (r) => r.applicant.identityNo },
  { header: '手机号码', width: 13, value: (r) => r.applicant.phone },
];

/** The rest of what an office files: birth, nation, politics, e-mail, education, schools, majors, years of work, address. */
export const personFields = <R>(): Field<R>[] => [
  { header: '出生日期', width: 11, value: (r) => r.applicant.birthday },
  { header: '民族', width: 8, value: (r) => r.applicant.nation },
  { header: '政治面貌', width: 10, value: (r) => r.applicant.politicalOutlook },
  { header: '电子邮箱', width: 22, value: (r) => r.applicant.email },
  { header: '学历', width: 8, value: (r) => r.applicant.education },
  { header: '毕业院校', width: 22, value: (r) => r.applicant.schools },
  { header: '所学专业', width: 20, value: (r) => r.applicant.majors },
  { header: '工作年限', width: 8, value: (r) => r.applicant.workYears },
  { header: '通讯地址', width: 30, value: (r) => r.applicant.postalAddress },
];

export const statusField = <R>(): Field<R> => ({ header: '报名状态', width: 18, value: (r) => r.applicant.statusName });
export const createdAtField = <R>(): Field<R> => ({ header: '报名时间', width: 17, value: (r) => r.applicant.createdAt });
