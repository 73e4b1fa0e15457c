import { deletePost, getPostDetail, postList, postRow, savePost } from '@zhaokao/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  candidateApplication, recruitmentFile, recruitmentInfo, recruitmentPlan, sysOrg, talentTemplate,
} from '../../db/tables.js';
import { deleteOwned } from '../../db/in-use.js';
import { refusingViolations } from '../../shared/db-errors.js';
import { badRequest, conflict } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { childCount, countOwned, emptyIfNull, findOwned, loadOwned, pagedRows, timestampText } from '../../shared/rows.js';
import { listWhere } from '../../shared/sql.js';
import { postDetailOf } from './post-detail.js';

const POST_MISSING = '招录岗位不存在';

/** The post; with `lock`, locked against every other change of it until the end of the transaction `db`. */
const postOf = (db: Db, companyId: number, id: number, lock = false) =>
  loadOwned(db, recruitmentInfo, id, companyId, POST_MISSING, lock ? 'update' : undefined);

const applicationsOf = (db: Db, companyId: number, postId: number) =>
  countOwned(db, candidateApplication, companyId, candidateApplication.recruitmentId, postId);

export function postRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, postList, async ({ input, session }) => {
    const where = listWhere(recruitmentInfo, session.companyId, input, {
      equal: ['planId', 'departmentId'],
      keywordIn: [recruitmentInfo.jobVacancy],
    });
    const query = db
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
        fileCount: childCount(db, recruitmentFile, recruitmentFile.recruitmentId, recruitmentInfo),
        applicationCount: childCount(db, candidateApplication, candidateApplication.recruitmentId, recruitmentInfo),
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
      .orderBy(desc(recruitmentInfo.id));
    const row = postRow.extend({ departmentName: emptyIfNull, talentTemplateName: emptyIfNull, createdAt: timestampText });
    return pagedRows(db, { table: recruitmentInfo, where, select: query.$dynamic() }, row, input);
  });

  defineRoute(app, getPostDetail, async ({ input, session }) => postDetailOf(db, session.companyId, await postOf(db, session.companyId, input.id)));

  defineRoute(
    app,
    savePost,
    async ({ input, session }) => {
      const planId = input.planId as number;
      const departmentId = input.departmentId as number;
      if (!(await findOwned(db, sysOrg, departmentId, session.companyId))) throw badRequest('部门不存在');
      if (input.talentTemplateId !== null && !(await findOwned(db, talentTemplate, input.talentTemplateId, session.companyId))) {
        throw badRequest('简历模板不存在');
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
      return refusingViolations(async () => {
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
            const post = await postOf(tx, session.companyId, input.id, true);
            if (post.planId !== planId) {
              const applications = await applicationsOf(tx, session.companyId, post.id);
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
      }, {
        // the department or template was deleted since it was checked
        foreignKey: conflict('所选的部门或简历模板刚被删除，请刷新后重新选择'),
      });
    },
    { successMsg: '保存成功' },
  );

  defineRoute(
    app,
    deletePost,
    async ({ input, session }) => {
      await deleteOwned(db, recruitmentInfo, input.id, session.companyId, {
        missing: POST_MISSING,
        name: (post) => post.jobVacancy,
        before: (tx, post) =>
          tx.delete(recruitmentFile).where(and(eq(recruitmentFile.companyId, session.companyId), eq(recruitmentFile.recruitmentId, post.id))),
      });
      return null;
    },
    { successMsg: '删除成功' },
  );
}
