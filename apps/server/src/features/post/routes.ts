import { deletePost, getPostDetail, postList, savePost, toChinaDateTime } from '@zhaokao/contracts';
import { type SQL, and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  candidateApplication,
  company,
  recruitmentFile,
  recruitmentInfo,
  recruitmentPlan,
  sysDict,
  sysOrg,
  talentTemplate,
} from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { escapeLike } from '../../shared/sql.js';

/** PostgreSQL's foreign_key_violation: something began to use the row between the checks and the delete. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}


/** The post; with `lock`, locked against every other change of it until the end of the transaction `db`. */
async function postOf(db: Db, companyId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(recruitmentInfo)
    .where(and(eq(recruitmentInfo.id, id), eq(recruitmentInfo.companyId, companyId)));
  const [post] = lock ? await query.for('update') : await query;
  return post;
}

async function applicationsOf(db: Db, companyId: number, postId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(candidateApplication)
    .where(and(eq(candidateApplication.companyId, companyId), eq(candidateApplication.recruitmentId, postId)));
  return row!.n;
}

export function postRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, postList, async ({ input, session }) => {
    const filters: (SQL | undefined)[] = [eq(recruitmentInfo.companyId, session.companyId)];
    if (input.planId !== undefined) filters.push(eq(recruitmentInfo.planId, input.planId));
    if (input.departmentId !== undefined) filters.push(eq(recruitmentInfo.departmentId, input.departmentId));
    if (input.keyword) filters.push(ilike(recruitmentInfo.jobVacancy, `%${escapeLike(input.keyword)}%`));
    const where = and(...filters);
    const [total] = await db.select({ n: count() }).from(recruitmentInfo).where(where);
    const fileCount = db
      .select({ n: count() })
      .from(recruitmentFile)
      .where(and(eq(recruitmentFile.companyId, recruitmentInfo.companyId), eq(recruitmentFile.recruitmentId, recruitmentInfo.id)));
    const applicationCount = db
      .select({ n: count() })
      .from(candidateApplication)
      .where(
        and(
          eq(candidateApplication.companyId, recruitmentInfo.companyId),
          eq(candidateApplication.recruitmentId, recruitmentInfo.id),
        ),
      );
    const rows = await db
      .select({
        id: recruitmentInfo.id,
        planId: recruitmentInfo.planId,
        planName: recruitmentPlan.name,
        departmentId: recruitmentInfo.departmentId,
        departmentName: sysOrg.name,
        jobVacancy: recruitmentInfo.jobVacancy,
        places: recruitmentInfo.places,
        salary: recruitmentInfo.salary,
        fixedAddress: recruitmentInfo.fixedAddress,
        workExperience: recruitmentInfo.workExperience,
        education: recruitmentInfo.education,
        applicationPlace: recruitmentInfo.applicationPlace,
        talentTemplateId: recruitmentInfo.talentTemplateId,
        talentTemplateName: talentTemplate.name,
        fileCount: sql<number>`(${fileCount})`.mapWith(Number),
        applicationCount: sql<number>`(${applicationCount})`.mapWith(Number),
        createdAt: recruitmentInfo.createdAt,
      })
      .from(recruitmentInfo)
      .innerJoin(
        recruitmentPlan,
        and(eq(recruitmentPlan.id, recruitmentInfo.planId), eq(recruitmentPlan.companyId, recruitmentInfo.companyId)),
      )
      .leftJoin(sysOrg, and(eq(sysOrg.id, recruitmentInfo.departmentId), eq(sysOrg.companyId, recruitmentInfo.companyId)))
      .leftJoin(
        talentTemplate,
        and(eq(talentTemplate.id, recruitmentInfo.talentTemplateId), eq(talentTemplate.companyId, recruitmentInfo.companyId)),
      )
      .where(where)
      .orderBy(desc(recruitmentInfo.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize);
    return {
      total: total!.n,
      list: rows.map((r) => ({
        ...r,
        departmentName: r.departmentName ?? '',
        talentTemplateName: r.talentTemplateName ?? '',
        createdAt: r.createdAt.toISOString(),
      })),
    };
  });

  defineRoute(app, getPostDetail, async ({ input, session }) => {
    const post = await postOf(db, session.companyId, input.id);
    if (!post) throw notFound('招录岗位不存在');
    const [plan] = await db
      .select()
      .from(recruitmentPlan)
      .where(and(eq(recruitmentPlan.id, post.planId), eq(recruitmentPlan.companyId, session.companyId)));
    const [department] = post.departmentId
      ? await db
          .select({ name: sysOrg.name })
          .from(sysOrg)
          .where(and(eq(sysOrg.id, post.departmentId), eq(sysOrg.companyId, session.companyId)))
      : [];
    const files = await db
      .select({ fileName: recruitmentFile.fileName, url: recruitmentFile.url })
      .from(recruitmentFile)
      .where(and(eq(recruitmentFile.companyId, session.companyId), eq(recruitmentFile.recruitmentId, post.id)))
      .orderBy(asc(recruitmentFile.id));
    const [info] = await db
      .select({ company, industryName: sysDict.label })
      .from(company)
      .leftJoin(sysDict, and(eq(sysDict.type, 'industry'), eq(sysDict.value, company.industry)))
      .where(eq(company.id, session.companyId));
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
  });

  defineRoute(
    app,
    savePost,
    async ({ input, session }) => {
      const planId = input.planId as number;
      const departmentId = input.departmentId as number;
      const [department] = await db
        .select({ id: sysOrg.id })
        .from(sysOrg)
        .where(and(eq(sysOrg.id, departmentId), eq(sysOrg.companyId, session.companyId)));
      if (!department) throw badRequest('部门不存在');
      if (input.talentTemplateId !== null) {
        const [template] = await db
          .select({ id: talentTemplate.id })
          .from(talentTemplate)
          .where(and(eq(talentTemplate.id, input.talentTemplateId), eq(talentTemplate.companyId, session.companyId)));
        if (!template) throw badRequest('简历模板不存在');
      }
      const values = {
        planId,
        departmentId,
        jobVacancy: input.jobVacancy,
        places: input.places,
        salary: input.salary,
        fixedAddress: input.fixedAddress,
        workExperience: input.workExperience,
        education: input.education,
        jobDescription: input.jobDescription,
        skillsRequired: input.skillsRequired,
        candidateRemark: input.candidateRemark,
        applicationPlace: input.applicationPlace,
        talentTemplateId: input.talentTemplateId,
        updatedAt: new Date(),
      };
      const files = (recruitmentId: number) =>
        input.fileList.map((f) => ({ companyId: session.companyId, recruitmentId, fileName: f.fileName, url: f.url }));
      try {
        const id = await db.transaction(async (tx) => {
          // Key share, as the post's foreign key takes anyway: closing the plan waits for this save, or
          // this save sees the plan closed.
          const [plan] = await tx
            .select({ id: recruitmentPlan.id, status: recruitmentPlan.status })
            .from(recruitmentPlan)
            .where(and(eq(recruitmentPlan.id, planId), eq(recruitmentPlan.companyId, session.companyId)))
            .for('key share');
          if (!plan) throw badRequest('招录计划不存在');
          if (input.id !== undefined) {
            // Locked first: an application being made to it waits, or is counted below.
            const post = await postOf(tx as unknown as Db, session.companyId, input.id, true);
            if (!post) throw notFound('招录岗位不存在');
            if (post.planId !== planId) {
              const applications = await applicationsOf(tx as unknown as Db, session.companyId, post.id);
              if (applications > 0) throw conflict(`“${post.jobVacancy}”已有 ${applications} 份报名，不能更换招录计划`);
              if (plan.status === 'closed') throw conflict('该招录计划已结束，不能再添加岗位');
            }
            await tx
              .update(recruitmentInfo)
              .set(values)
              .where(and(eq(recruitmentInfo.id, post.id), eq(recruitmentInfo.companyId, session.companyId)));
            await tx
              .delete(recruitmentFile)
              .where(and(eq(recruitmentFile.companyId, session.companyId), eq(recruitmentFile.recruitmentId, post.id)));
            if (input.fileList.length > 0) await tx.insert(recruitmentFile).values(files(post.id));
            return post.id;
          }
          if (plan.status === 'closed') throw conflict('该招录计划已结束，不能再添加岗位');
          const [row] = await tx
            .insert(recruitmentInfo)
            .values({ ...values, companyId: session.companyId })
            .returning({ id: recruitmentInfo.id });
          if (input.fileList.length > 0) await tx.insert(recruitmentFile).values(files(row!.id));
          return row!.id;
        });
        return { id };
      } catch (error) {
        // the department or template was deleted since it was checked
        if (isForeignKeyViolation(error)) throw conflict('所选的部门或简历模板刚被删除，请刷新后重新选择');
        throw error;
      }
    },
    { successMsg: '保存成功' },
  );

  defineRoute(
    app,
    deletePost,
    async ({ input, session }) => {
      try {
        await db.transaction(async (tx) => {
          // Locked first: a delete of the same post at the same moment then finds nothing (404), and
          // an application being made to it waits, or is counted below.
          const post = await postOf(tx as unknown as Db, session.companyId, input.id, true);
          if (!post) throw notFound('招录岗位不存在');
          const applications = await applicationsOf(tx as unknown as Db, session.companyId, post.id);
          if (applications > 0) throw conflict(`“${post.jobVacancy}”已有 ${applications} 份报名，不能删除`);
          await tx
            .delete(recruitmentFile)
            .where(and(eq(recruitmentFile.companyId, session.companyId), eq(recruitmentFile.recruitmentId, post.id)));
          await tx
            .delete(recruitmentInfo)
            .where(and(eq(recruitmentInfo.id, post.id), eq(recruitmentInfo.companyId, session.companyId)));
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict('该岗位刚刚有了报名，不能删除');
        throw error;
      }
      return null;
    },
    { successMsg: '删除成功' },
  );
}
