import { DICT_TABLES, dictTablePermissions, holdsAny, listDictByType, listSysDictByTable, listSysDictByType } from '@zhaokao/contracts';
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffUser, sysDict, sysRole } from '../../db/tables.js';
import { forbidden } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import type { Session } from '../../shared/session.js';
import { escapeLike } from '../../shared/sql.js';

async function entriesOf(db: Db, type: string) {
  return db
    .select({ label: sysDict.label, value: sysDict.value })
    .from(sysDict)
    .where(eq(sysDict.type, type))
    .orderBy(asc(sysDict.sort), asc(sysDict.id));
}

/** The whitelisted tables of `listSysDictByTable`, always limited to the caller's company. */
const TABLE_QUERIES = {
  staff_user: {
    name: (db: Db, s: Session, like: string) =>
      db
        .select({ label: staffUser.name, value: staffUser.id })
        .from(staffUser)
        .where(and(eq(staffUser.companyId, s.companyId), ilike(staffUser.name, like)))
        .orderBy(asc(staffUser.id))
        .limit(50),
    login_account: (db: Db, s: Session, like: string) =>
      db
        .select({ label: staffUser.loginAccount, value: staffUser.id })
        .from(staffUser)
        .where(and(eq(staffUser.companyId, s.companyId), ilike(staffUser.loginAccount, like)))
        .orderBy(asc(staffUser.id))
        .limit(50),
  },
  sys_role: {
    name: (db: Db, s: Session, like: string) =>
      db
        .select({ label: sysRole.name, value: sysRole.id })
        .from(sysRole)
        .where(and(eq(sysRole.companyId, s.companyId), ilike(sysRole.name, like)))
        .orderBy(asc(sysRole.id))
        .limit(50),
  },
} as const satisfies { [T in keyof typeof DICT_TABLES]: Record<keyof (typeof DICT_TABLES)[T], unknown> };

export function dictRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  defineRoute(app, listSysDictByType, ({ input }) => entriesOf(db, input.type));
  defineRoute(app, listDictByType, ({ input }) => entriesOf(db, input.type));
  defineRoute(app, listSysDictByTable, async ({ input, session }) => {
    if (!holdsAny(session.permissions, dictTablePermissions(input.table, input.field)!)) throw forbidden();
    const byField = TABLE_QUERIES[input.table as keyof typeof TABLE_QUERIES] as Record<
      string,
      (db: Db, s: Session, like: string) => Promise<{ label: string; value: number }[]>
    >;
    const rows = await byField[input.field]!(db, session, `%${escapeLike(input.text)}%`);
    return rows.map((r) => ({ label: r.label, value: String(r.value) }));
  });
}
