import { type PostDetail, toChinaDateTime } from '@zhaokao/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { company, recruitmentFile, recruitmentInfo, recruitmentPlan, sysDict, sysOrg } from '../../db/tables.js';
import { findOwned } from '../../shared/rows.js';
import { companyIndustry } from '../company/index.js';

/** A post as the edit form and the job detail view (SPEC dialog 8) show it. */
export async function postDetailOf(db: Db, companyId: number, post: typeof recruitmentInfo.$inferSelect): Promise<PostDetail> {
  const plan = await findOwned(db, recruitmentPlan, post.planId, companyId);
  const department = post.departmentId ? await findOwned(db, sysOrg, post.departmentId, companyId) : undefined;
  const files = await db
    .select({ fileName: recruitmentFile.fileName, url: recruitmentFile.url })
    .from(recruitmentFile)
    .where(and(eq(recruitmentFile.companyId, companyId), eq(recruitmentFile.recruitmentId, post.id)))
    .orderBy(asc(recruitmentFile.id));
  const [info] = await db
    .select({ company, industryName: sysDict.label })
    .from(company)
    .leftJoin(sysDict, companyIndustry)
    .where(eq(company.id, companyId));
  return {
    id: post.id,
    planId: post.planId,
    departmentId: post.departmentId,
    departmentName: department?.name ?? '',
    jobVacancy: post.jobVacancy,
    places: post.places,
    talentTemplateId: post.talentTemplateId,
    recruitment: {
      salary: post.salary,
      fixedAddress: post.fixedAddress,
      workExperience: post.workExperience,
      education: post.education,
      jobDescription: post.jobDescription,
      skillsRequired: post.skillsRequired,
      candidateRemark: post.candidateRemark,
      applicationPlace: post.applicationPlace,
      fileList: files,
    },
    companyInfo: {
      logo: info?.company.logo ?? '',
      name: info?.company.name ?? '',
      industryName: info?.industryName ?? '',
      address: info?.company.address ?? '',
      introduce: info?.company.introduce ?? '',
      manageIdea: info?.company.manageIdea ?? '',
    },
    recruitmentPlan: plan
      ? {
          id: plan.id,
          name: plan.name,
          signUpStartDate: toChinaDateTime(plan.signUpStartDate),
          signUpEndDate: toChinaDateTime(plan.signUpEndDate),
          examAddress: plan.writtenExamAddress,
        }
      : null,
  };
}
