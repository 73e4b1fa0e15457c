import { and, eq } from 'drizzle-orm';
import { type PgColumn, type PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { isForeignKeyViolation } from '../shared/db-errors.js';
import { conflict } from '../shared/errors.js';
import { type CompanyTable, countOwned, loadOwned } from '../shared/rows.js';
import type { Db } from './client.js';
import { applicationTask, candidateApplication, recruitmentInfo, staffUser, sysOrg, workflowItem } from './tables.js';

interface InUse {
  /** The table whose rows use the parent, by the foreign key `column`. */
  child: CompanyTable;
  column: PgColumn;
  /** Why the parent named `name` cannot be deleted while `n` rows use it. */
  message: (name: string, n: number) => string;
}

/**
 * The one table of what keeps a record from being deleted: the foreign keys that point at it, each with
 * the message a delete it blocks is refused with (409). Where several block a delete, the first listed names it.
 * A new child table adds its row here; the database's foreign key does the rest.
 */
const IN_USE: InUse[] = [
  {
    child: sysOrg,
    column: sysOrg.parentId,
    message: (name, n) => `“${name}”下还有 ${n} 个下级部门，请先删除或移走下级部门`,
  },
  {
    child: staffUser,
    column: staffUser.departmentId,
    message: (name, n) => `“${name}”还有 ${n} 名工作人员，请先调整他们的部门`,
  },
  {
    child: recruitmentInfo,
    column: recruitmentInfo.departmentId,
    message: (name, n) => `“${name}”下还有 ${n} 个招录岗位，请先调整岗位的部门`,
  },
  {
    child: staffUser,
    column: staffUser.roleId,
    message: (name, n) => `还有 ${n} 名工作人员使用“${name}”角色，请先调整他们的角色`,
  },
  {
    child: candidateApplication,
    column: candidateApplication.planId,
    message: (name, n) => `“${name}”已有 ${n} 份报名，不能删除`,
  },
  {
    child: recruitmentInfo,
    column: recruitmentInfo.planId,
    message: (name, n) => `“${name}”下还有 ${n} 个招录岗位，请先删除岗位`,
  },
  {
    child: workflowItem,
    column: workflowItem.planId,
    message: (name, n) => `“${name}”已设置 ${n} 项招录工作安排，请先删除工作安排`,
  },
  {
    child: candidateApplication,
    column: candidateApplication.recruitmentId,
    message: (name, n) => `“${name}”已有 ${n} 份报名，不能删除`,
  },
  {
    child: recruitmentInfo,
    column: recruitmentInfo.talentTemplateId,
    message: (name, n) => `还有 ${n} 个岗位使用简历模板“${name}”，请先为这些岗位换用其他模板`,
  },
  {
    child: applicationTask,
    column: applicationTask.workflowItemId,
    message: (name) => `已有报名在办理“${name}”，不能删除这项工作`,
  },
];

/** The table that `column`'s foreign key points at. */
function parentOf({ child, column }: InUse): PgTable {
  const key = getTableConfig(child).foreignKeys.find((fk) => fk.reference().columns.some((c) => c.name === column.name));
  if (!key) throw new Error(`${column.name} has no foreign key`);
  return key.reference().foreignTable;
}

const IN_USE_BY_PARENT = new Map<PgTable, InUse[]>();
for (const entry of IN_USE) {
  const parent = parentOf(entry);
  IN_USE_BY_PARENT.set(parent, [...(IN_USE_BY_PARENT.get(parent) ?? []), entry]);
}

/**
 * Deletes the company's record `row.id` of `table`, or refuses it (409, with the message of `IN_USE`) when
 * another row still points at it. Called in a transaction: the delete runs in a savepoint, so the rows in the
 * way can be counted after it failed. `row.name` is what the message calls the record.
 */
export async function deleteUnlessInUse(db: Db, table: CompanyTable, row: { id: number; name: string }, companyId: number) {
  try {
    await db.transaction((savepoint) =>
      savepoint.delete(table).where(and(eq(table.id, row.id), eq(table.companyId, companyId))),
    );
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    for (const { child, column, message } of IN_USE_BY_PARENT.get(table) ?? []) {
      const n = await countOwned(db, child, companyId, column, row.id);
      if (n > 0) throw conflict(message(row.name, n));
    }
    throw conflict(`“${row.name}”仍在使用中，不能删除`);
  }
}

/**
 * Deletes the company's record `id` of `table` in a transaction. It is locked first, so a delete of it at the same
 * moment then finds nothing (404 `missing`); `before` may refuse it or delete what belongs to it (its files, its
 * settings); then `deleteUnlessInUse`, which calls it by `name`.
 */
export async function deleteOwned<T extends CompanyTable>(
  db: Db,
  table: T,
  id: number,
  companyId: number,
  options: {
    missing: string;
    name: (row: T['$inferSelect']) => string;
    before?: (tx: Db, row: T['$inferSelect']) => Promise<unknown> | void;
  },
) {
  await db.transaction(async (tx) => {
    const row = await loadOwned(tx, table, id, companyId, options.missing, 'update');
    await options.before?.(tx, row);
    await deleteUnlessInUse(tx, table, { id, name: options.name(row) }, companyId);
  });
}
