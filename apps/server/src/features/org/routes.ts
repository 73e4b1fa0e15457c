import { type OrgNode, deleteOrg, orgTree, saveOrg } from '@zhaokao/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { recruitmentInfo, staffUser, sysOrg } from '../../db/tables.js';
import { deleteOwned } from '../../db/in-use.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { refusingViolations } from '../../shared/db-errors.js';
import { lockCompany } from '../company/index.js';

async function departmentsOf(db: Db, companyId: number) {
  return db
    .select({ id: sysOrg.id, parentId: sysOrg.parentId, name: sysOrg.name, sort: sysOrg.sort })
    .from(sysOrg)
    .where(eq(sysOrg.companyId, companyId))
    .orderBy(asc(sysOrg.sort), asc(sysOrg.id));
}

/** Counts of what hangs on each department: staff and recruitment posts. */
async function usageOf(db: Db, companyId: number) {
  const staff = await db
    .select({ departmentId: staffUser.departmentId, n: count() })
    .from(staffUser)
    .where(eq(staffUser.companyId, companyId))
    .groupBy(staffUser.departmentId);
  const posts = await db
    .select({ departmentId: recruitmentInfo.departmentId, n: count() })
    .from(recruitmentInfo)
    .where(eq(recruitmentInfo.companyId, companyId))
    .groupBy(recruitmentInfo.departmentId);
  return {
    staff: new Map(staff.map((s) => [s.departmentId, s.n])),
    posts: new Map(posts.filter((p) => p.departmentId !== null).map((p) => [p.departmentId!, p.n])),
  };
}

export function buildTree(
  rows: { id: number; parentId: number | null; name: string; sort: number }[],
  usage: { staff: Map<number | null, number>; posts: Map<number, number> },
): OrgNode[] {
  const nodes = new Map<number, OrgNode>(
    rows.map((r) => [r.id, { ...r, staffCount: usage.staff.get(r.id) ?? 0, postCount: usage.posts.get(r.id) ?? 0, children: [] }]),
  );
  const roots: OrgNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export function orgRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, orgTree, async ({ session }) =>
    buildTree(await departmentsOf(db, session.companyId), await usageOf(db, session.companyId)),
  );

  defineRoute(
    app,
    saveOrg,
    async ({ input, session }) => {
      const values = { name: input.name, parentId: input.parentId, sort: input.sort };
      return refusingViolations(async () => {
        return await db.transaction(async (tx) => {
          // One save per company at a time: two moves at once could otherwise each pass the check
          // below and together make a cycle.
          await lockCompany(tx, session.companyId);
          const all = await departmentsOf(tx, session.companyId);
          const byId = new Map(all.map((d) => [d.id, d]));
          if (input.id !== undefined && !byId.has(input.id)) throw notFound('部门不存在');
          if (input.parentId !== null) {
            if (!byId.has(input.parentId)) throw badRequest('上级部门不存在');
            // Moving a department under itself or one of its own sub-departments would cut it off the tree.
            for (let at: number | null = input.parentId; at !== null; at = byId.get(at)?.parentId ?? null) {
              if (at === input.id) throw badRequest('不能把部门移动到它自己或它的下级部门之下');
            }
          }
          if (input.id !== undefined) {
            const [updated] = await tx
              .update(sysOrg)
              .set(values)
              .where(and(eq(sysOrg.id, input.id), eq(sysOrg.companyId, session.companyId)))
              .returning({ id: sysOrg.id });
            // deleted since it was read (a delete does not take the company's lock)
            if (!updated) throw notFound('部门不存在');
            return { id: updated.id };
          }
          const [row] = await tx
            .insert(sysOrg)
            .values({ ...values, companyId: session.companyId })
            .returning({ id: sysOrg.id });
          return { id: row!.id };
        });
      }, {
        unique: conflict(`同一上级下已有名为“${input.name}”的部门`),
        // the parent was deleted since it was read
        foreignKey: badRequest('上级部门不存在'),
      });
    },
    { successMsg: '保存成功' },
  );

  defineRoute(
    app,
    deleteOrg,
    async ({ input, session }) => {
      await deleteOwned(db, sysOrg, input.id, session.companyId, { missing: '部门不存在', name: (department) => department.name });
      return null;
    },
    { successMsg: '删除成功' },
  );
}

