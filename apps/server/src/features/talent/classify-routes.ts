import {
  TALENT_MESSAGES, type TalentClassifyNode, type TalentClassifyRow, batchSaveClassify, deleteTalentClassify,
  getTalentClassify, saveTalentClassify, saveTalentLabel, talentClassifyAll, talentClassifyRow,
  talentClassifyTree, talentLabelList,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { refusingViolations } from '../../shared/db-errors.js';
import { conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { parsedRows } from '../../shared/rows.js';
import { idArray, inList, rowsOf, textArray } from '../../shared/sql.js';

const classifyRows = (db: Db, companyId: number) =>
  parsedRows(
    db,
    sql`select c.id, c.name, c.parent_id as "parentId", c.sort,
        (select count(*)::int from talent_company_classify tc where tc.company_id = ${companyId} and tc.classify_id = c.id) as "talentCount"
      from talent_classify c where c.company_id = ${companyId} order by c.sort, c.name, c.id`,
    talentClassifyRow,
  );

function treeOf(rows: TalentClassifyRow[]): TalentClassifyNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as TalentClassifyNode[] }]));
  const roots: TalentClassifyNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Classification and label changes of one company queue on its row, so that two moves cannot make a loop together. */
const lockCompanyTree = (tx: Db, companyId: number) => tx.execute(sql`select 1 from company where id = ${companyId} for no key update`);

/** Refuses (404) unless every talent applied to the company: only its 应聘人才库 is filed and labelled. */
async function checkInPool(db: Db, companyId: number, talentIds: number[]) {
  const [found] = await rowsOf<{ n: number }>(
    db,
    sql`select count(distinct talent_id)::int as n from candidate_application where company_id = ${companyId} and talent_id in (${inList(talentIds)})`,
  );
  if (Number(found!.n) !== talentIds.length) throw notFound(TALENT_MESSAGES.notInPool);
}

export function talentClassifyRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, talentClassifyTree, async ({ session }) => treeOf(await classifyRows(db, session.companyId)));
  defineRoute(app, talentClassifyAll, async ({ session }) => classifyRows(db, session.companyId));

  defineRoute(
    app,
    saveTalentClassify,
    async ({ input, session }) =>
      refusingViolations(
        () =>
          db.transaction(async (tx) => {
            await lockCompanyTree(tx, session.companyId);
            if (input.parentId !== null) {
              const [parent] = await rowsOf(tx, sql`select 1 from talent_classify where id = ${input.parentId} and company_id = ${session.companyId}`);
              if (!parent) throw notFound('上级分类不存在');
            }
            if (input.id === undefined) {
              const [made] = await rowsOf<{ id: number }>(
                tx,
                sql`insert into talent_classify (company_id, parent_id, name, sort)
                  values (${session.companyId}, ${input.parentId}, ${input.name}, ${input.sort}) returning id`,
              );
              return { id: made!.id };
            }
            if (input.parentId !== null) {
              const [loop] = await rowsOf(
                tx,
                sql`with recursive below as (
                    select id from talent_classify where id = ${input.id} and company_id = ${session.companyId}
                    union all
                    select c.id from talent_classify c join below on c.parent_id = below.id where c.company_id = ${session.companyId}
                  ) select 1 from below where id = ${input.parentId}`,
              );
              if (loop) throw conflict(TALENT_MESSAGES.classifyCycle);
            }
            const [saved] = await rowsOf<{ id: number }>(
              tx,
              sql`update talent_classify set name = ${input.name}, parent_id = ${input.parentId}, sort = ${input.sort}
                where id = ${input.id} and company_id = ${session.companyId} returning id`,
            );
            if (!saved) throw notFound(TALENT_MESSAGES.classifyMissing);
            return { id: saved.id };
          }),
        { unique: conflict(TALENT_MESSAGES.classifyNameTaken), foreignKey: notFound('上级分类不存在') },
      ),
    { successMsg: '保存成功' },
  );

  defineRoute(
    app,
    deleteTalentClassify,
    async ({ input, session }) =>
      refusingViolations(
        async () => {
          const [deleted] = await rowsOf(
            db,
            sql`delete from talent_classify c where c.id = ${input.id} and c.company_id = ${session.companyId}
              and not exists (select 1 from talent_classify child where child.parent_id = c.id)
              and not exists (select 1 from talent_company_classify tc where tc.classify_id = c.id)
              returning c.id`,
          );
          if (deleted) return null;
          const [why] = await rowsOf<{ children: boolean }>(
            db,
            sql`select exists (select 1 from talent_classify child where child.parent_id = c.id) as children
              from talent_classify c where c.id = ${input.id} and c.company_id = ${session.companyId}`,
          );
          if (!why) throw notFound(TALENT_MESSAGES.classifyMissing);
          throw conflict(why.children ? TALENT_MESSAGES.classifyHasChildren : TALENT_MESSAGES.classifyInUse);
        },
        // a talent filed under it, or a child added, at the same moment
        { foreignKey: conflict(TALENT_MESSAGES.classifyInUse) },
      ),
    { successMsg: '删除成功' },
  );

  defineRoute(
    app,
    batchSaveClassify,
    async ({ input, session }) =>
      refusingViolations(
        () =>
          db.transaction(async (tx) => {
            await checkInPool(tx, session.companyId, input.talentIds);
            if (input.classifyIds.length > 0) {
              const [found] = await rowsOf<{ n: number }>(
                tx,
                sql`select count(*)::int as n from talent_classify where company_id = ${session.companyId} and id in (${inList(input.classifyIds)})`,
              );
              if (Number(found!.n) !== input.classifyIds.length) throw notFound(TALENT_MESSAGES.classifyMissing);
            }
            await tx.execute(
              sql`delete from talent_company_classify where company_id = ${session.companyId} and talent_id in (${inList(input.talentIds)})`,
            );
            if (input.classifyIds.length > 0) {
              await tx.execute(sql`insert into talent_company_classify (company_id, talent_id, classify_id)
                select ${session.companyId}, t, c from unnest(${idArray(input.talentIds)}) t cross join unnest(${idArray(input.classifyIds)}) c
                on conflict do nothing`);
            }
            return null;
          }),
        // a classification deleted at the same moment
        { foreignKey: notFound(TALENT_MESSAGES.classifyMissing) },
      ),
    { successMsg: '保存成功' },
  );

  defineRoute(
    app,
    saveTalentLabel,
    async ({ input, session }) =>
      db.transaction(async (tx) => {
        await checkInPool(tx, session.companyId, input.talentIds);
        await tx.execute(sql`delete from talent_label_link where company_id = ${session.companyId} and talent_id in (${inList(input.talentIds)})`);
        if (input.labels.length === 0) return null;
        // labels are never deleted, so a label made or found here stays
        await tx.execute(sql`insert into talent_company_label (company_id, name) select ${session.companyId}, unnest(${textArray(input.labels)})
          on conflict (company_id, name) do nothing`);
        await tx.execute(sql`insert into talent_label_link (company_id, talent_id, label_id)
          select ${session.companyId}, t, l.id from unnest(${idArray(input.talentIds)}) t
          cross join talent_company_label l where l.company_id = ${session.companyId} and l.name = any(${textArray(input.labels)})
          on conflict do nothing`);
        return null;
      }),
    { successMsg: '保存成功' },
  );

  defineRoute(app, getTalentClassify, async ({ input, session }) => {
    await checkInPool(db, session.companyId, [input.id]);
    const [row] = await rowsOf<{ classifyIds: number[]; labels: string[] }>(
      db,
      sql`select
          coalesce((select array_agg(classify_id order by classify_id) from talent_company_classify
            where company_id = ${session.companyId} and talent_id = ${input.id}), '{}') as "classifyIds",
          coalesce((select array_agg(l.name order by l.name) from talent_label_link tl join talent_company_label l on l.id = tl.label_id
            where tl.company_id = ${session.companyId} and tl.talent_id = ${input.id}), '{}') as labels`,
    );
    return row!;
  });

  defineRoute(app, talentLabelList, async ({ session }) =>
    rowsOf(
      db,
      sql`select l.id, l.name, (select count(*)::int from talent_label_link tl where tl.company_id = l.company_id and tl.label_id = l.id) as "talentCount"
        from talent_company_label l where l.company_id = ${session.companyId} order by l.name`,
    ),
  );
}
