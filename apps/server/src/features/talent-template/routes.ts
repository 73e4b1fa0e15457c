import {
  TALENT_FIELD_HIDE, TALENT_FIELD_SHOW, TALENT_TEMPLATE_FIXED_FIELDS, deleteTalentTemplate,
  saveTalentTemplate, talentFieldList, talentTemplateExpand, talentTemplateList,
} from '@zhaokao/contracts';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { recruitmentInfo, talentField, talentTemplate, talentTemplateField } from '../../db/tables.js';
import { deleteOwned } from '../../db/in-use.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { lockCompany } from '../company/index.js';
import { defineRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';

const catalogue = (db: Db) =>
  db
    .select({ code: talentField.code, name: talentField.name, groupName: talentField.groupName, sort: talentField.sort })
    .from(talentField)
    .orderBy(asc(talentField.sort), asc(talentField.code));

const TEMPLATE_MISSING = '简历模板不存在';

export function talentTemplateRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, talentFieldList, async () => catalogue(db));

  defineRoute(app, talentTemplateList, async ({ session }) => {
    const companyId = session.companyId;
    const settings = db
      .select({
        templateId: talentTemplateField.templateId,
        shown: sql<number>`count(*) filter (where ${talentTemplateField.showStatus} = ${TALENT_FIELD_SHOW})`.mapWith(Number).as('shown'),
        required: sql<number>`count(*) filter (where ${talentTemplateField.showStatus} = ${TALENT_FIELD_SHOW} and ${talentTemplateField.required})`
          .mapWith(Number)
          .as('required'),
      })
      .from(talentTemplateField)
      .where(eq(talentTemplateField.companyId, companyId))
      .groupBy(talentTemplateField.templateId)
      .as('settings');
    const posts = db
      .select({ templateId: recruitmentInfo.talentTemplateId, n: count().as('n') })
      .from(recruitmentInfo)
      .where(eq(recruitmentInfo.companyId, companyId))
      .groupBy(recruitmentInfo.talentTemplateId)
      .as('posts');
    const rows = await db
      .select({
        id: talentTemplate.id,
        name: talentTemplate.name,
        remark: talentTemplate.remark,
        shownCount: settings.shown,
        requiredCount: settings.required,
        postCount: posts.n,
        createdAt: talentTemplate.createdAt,
      })
      .from(talentTemplate)
      .leftJoin(settings, eq(settings.templateId, talentTemplate.id))
      .leftJoin(posts, eq(posts.templateId, talentTemplate.id))
      .where(eq(talentTemplate.companyId, companyId))
      .orderBy(desc(talentTemplate.id));
    return rows.map((r) => ({
      ...r,
      shownCount: Number(r.shownCount ?? 0),
      requiredCount: Number(r.requiredCount ?? 0),
      postCount: Number(r.postCount ?? 0),
      createdAt: r.createdAt.toISOString(),
    }));
  });

  defineRoute(app, talentTemplateExpand, async ({ input, session }) => {
    const template = await loadOwned(db, talentTemplate, input.templateId, session.companyId, TEMPLATE_MISSING);
    const settings = await db
      .select()
      .from(talentTemplateField)
      .where(and(eq(talentTemplateField.companyId, session.companyId), eq(talentTemplateField.templateId, template.id)));
    const byCode = new Map(settings.map((s) => [s.fieldCode, s]));
    return (await catalogue(db)).map((field) => {
      const setting = byCode.get(field.code);
      return {
        fieldCode: field.code,
        showStatus: setting?.showStatus ?? TALENT_FIELD_HIDE,
        required: setting?.required ?? false,
        name: field.name,
        groupName: field.groupName,
        sort: field.sort,
      };
    });
  });

  defineRoute(
    app,
    saveTalentTemplate,
    async ({ input, session }) => {
      const companyId = session.companyId;
      const fields = await catalogue(db);
      const known = new Map(fields.map((f) => [f.code, f]));
      const given = new Map(input.fields.map((f) => [f.fieldCode, f]));
      for (const setting of input.fields) {
        if (!known.has(setting.fieldCode)) throw badRequest(`字段“${setting.fieldCode}”不存在`);
      }
      for (const field of fields) {
        const setting = given.get(field.code);
        if (!setting) throw badRequest(`请设置字段“${field.name}”`);
        if (setting.required && setting.showStatus !== TALENT_FIELD_SHOW) {
          throw badRequest(`隐藏的字段不能设为必填：${field.name}`);
        }
        if (TALENT_TEMPLATE_FIXED_FIELDS.includes(field.code) && !(setting.showStatus === TALENT_FIELD_SHOW && setting.required)) {
          throw badRequest(`“${field.name}”是报名必需的字段，必须显示且必填`);
        }
      }
      return db.transaction(async (tx) => {
        // One save per company at a time, so that the name check below holds until the save is written.
        await lockCompany(tx, companyId);
        if (input.id !== undefined) await loadOwned(tx, talentTemplate, input.id, companyId, TEMPLATE_MISSING);
        const [sameName] = await tx
          .select({ id: talentTemplate.id })
          .from(talentTemplate)
          .where(
            and(
              eq(talentTemplate.companyId, companyId),
              eq(talentTemplate.name, input.name),
              input.id === undefined ? undefined : ne(talentTemplate.id, input.id),
            ),
          );
        if (sameName) throw conflict(`已有名为“${input.name}”的简历模板`);
        let id: number;
        if (input.id !== undefined) {
          id = input.id;
          const [updated] = await tx
            .update(talentTemplate)
            .set({ name: input.name, remark: input.remark })
            .where(and(eq(talentTemplate.id, id), eq(talentTemplate.companyId, companyId)))
            .returning({ id: talentTemplate.id });
          // deleted since it was read (a delete does not take the company's lock)
          if (!updated) throw notFound(TEMPLATE_MISSING);
          await tx
            .delete(talentTemplateField)
            .where(and(eq(talentTemplateField.companyId, companyId), eq(talentTemplateField.templateId, id)));
        } else {
          const [row] = await tx
            .insert(talentTemplate)
            .values({ companyId, name: input.name, remark: input.remark })
            .returning({ id: talentTemplate.id });
          id = row!.id;
        }
        await tx.insert(talentTemplateField).values(
          fields.map((field) => {
            const setting = given.get(field.code)!;
            return {
              companyId,
              templateId: id,
              fieldCode: field.code,
              showStatus: setting.showStatus,
              required: setting.required,
            };
          }),
        );
        return { id };
      });
    },
    { successMsg: '保存成功' },
  );

  defineRoute(
    app,
    deleteTalentTemplate,
    async ({ input, session }) => {
      const companyId = session.companyId;
      await deleteOwned(db, talentTemplate, input.id, companyId, {
        missing: TEMPLATE_MISSING,
        name: (template) => template.name,
        before: (tx, template) =>
          tx
            .delete(talentTemplateField)
            .where(and(eq(talentTemplateField.companyId, companyId), eq(talentTemplateField.templateId, template.id))),
      });
      return null;
    },
    { successMsg: '删除成功' },
  );
}
