import { TALENT_MESSAGES, blacklistList, blacklistRow, removeBlacklist, saveBlacklist } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../shared/errors.js';
import { maskPhone } from '../../shared/masks.js';
import { defineRoute } from '../../shared/route.js';
import { pagedRows, timestampText } from '../../shared/rows.js';
import { escapeLike, rowsOf } from '../../shared/sql.js';
import { unlockedSql, visibleSql } from './masking.js';

/** A blacklist row: the phone masked unless the company unlocked the talent. */
const blacklistDbRow = blacklistRow
  .extend({ unlocked: z.boolean(), createdAt: timestampText })
  .transform(({ unlocked, ...r }) => ({ ...r, phone: unlocked ? r.phone : maskPhone(r.phone) }));

export function talentBlacklistRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(
    app,
    saveBlacklist,
    async ({ input, session }) => {
      let talentId = input.talentId;
      if (input.applicationId !== undefined) {
        const [application] = await rowsOf<{ talentId: number }>(
          db,
          sql`select talent_id as "talentId" from candidate_application where id = ${input.applicationId} and company_id = ${session.companyId}`,
        );
        if (!application) throw notFound('报名记录不存在');
        talentId = application.talentId;
      }
      const [saved] = await rowsOf<{ talentId: number }>(
        db,
        sql`insert into talent_company_black (company_id, talent_id, reason, created_by)
          select ${session.companyId}, t.id, ${input.reason}, ${session.userId} from talent t
          where t.id = ${talentId!} and ${visibleSql(session.companyId, talentId!)}
          on conflict (company_id, talent_id) do update set reason = excluded.reason
          returning talent_id as "talentId"`,
      );
      if (!saved) throw notFound(TALENT_MESSAGES.missing);
      return saved;
    },
    { successMsg: '已加入黑名单' },
  );

  defineRoute(
    app,
    removeBlacklist,
    async ({ input, session }) => {
      const [removed] = await rowsOf(
        db,
        sql`delete from talent_company_black where company_id = ${session.companyId} and talent_id = ${input.id} returning talent_id`,
      );
      if (!removed) throw notFound(TALENT_MESSAGES.blacklistMissing);
      return null;
    },
    { successMsg: '已移出黑名单' },
  );

  defineRoute(app, blacklistList, async ({ input, session }) => {
    // The name only, not pipeline's applicantSearch (whose digits search the phone and identity number): the phone
    // is masked until the talent is unlocked, and a masked field must not be found by its hidden digits (PIPL).
    const where = sql`b.company_id = ${session.companyId} ${input.keyword ? sql`and t.real_name like ${`%${escapeLike(input.keyword)}%`}` : sql``}`;
    const rows = sql`select t.id as "talentId", t.real_name as "realName", t.sex, t.phone, ${unlockedSql(session.companyId, sql`t.id`)} as unlocked,
        b.reason, coalesce(u.name, '') as "createdByName", b.created_at as "createdAt"
      from talent_company_black b join talent t on t.id = b.talent_id left join staff_user u on u.id = b.created_by
      where ${where} order by b.created_at desc, t.id desc`;
    const count = sql`select count(*)::int as n from talent_company_black b join talent t on t.id = b.talent_id where ${where}`;
    return pagedRows(db, { count, rows }, blacklistDbRow, input);
  });
}
