import type { DuplicateGroup, DuplicateKind } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../shared/sql.js';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/**
 * The 18-character form of `column`, an identity number as stored: an old 15-digit number gets '19' inserted
 * after its 6-digit area code and the GB 11643 check character appended (as identityCheckChar computes it);
 * any other value is only upper-cased.
 */
function identity18(column: string): SQL {
  const first17 = `(substr(${column}, 1, 6) || '19' || substr(${column}, 7, 9))`;
  const sum = ID_WEIGHTS.map((w, i) => `substr(${first17}, ${i + 1}, 1)::int * ${w}`).join(' + ');
  // in this order: the digits are read only once the value is known to be 15 of them
  return sql.raw(`case
    when length(${column}) <> 15 then upper(${column})
    when ${column} ~ '^[0-9]{15}$' then ${first17} || substr('10X98765432', (${sum}) % 11 + 1, 1)
    else ${column} end`);
}

/** The birth date written in an identity number (YYYY-MM-DD; a 15-digit one says 19YYMMDD at 7–12), or null. */
function birthdayOf(column: string): SQL {
  return sql.raw(`case length(${column})
    when 15 then '19' || substr(${column}, 7, 2) || '-' || substr(${column}, 9, 2) || '-' || substr(${column}, 11, 2)
    when 18 then substr(${column}, 7, 4) || '-' || substr(${column}, 11, 2) || '-' || substr(${column}, 13, 2)
  end`);
}

interface MemberRow {
  kind: DuplicateKind;
  planId: number;
  groupKey: string;
  applicationId: number;
  planName: string;
  jobVacancy: string;
  realName: string;
  identityNo: string;
  identity18: string;
  phone: string;
  birthday: string | null;
  status: number;
  createdAt: Date | string;
}

/**
 * 应聘查重 (issue 8). "One person applying twice" means two applications to the SAME plan: a person may apply
 * once per plan (one application per talent and plan), and applying to two plans of a company is normal, so
 * groups never span plans, even when all the company's plans are searched. Within a plan three signs:
 * - identity: the same identity number, an old 15-digit number counting as its 18-digit form. Talents are
 *   unique by the number as typed, so this is a person registered twice, once with each form;
 * - phone: the same phone number under different names (one name twice on one phone is not a sign);
 * - nameBirthday: the same name and birth date (read from the identity number) with different numbers
 *   (after the 15 → 18 conversion, so a 15/18 pair is only an identity group).
 * PostgreSQL groups the company's (or the plan's) applications in one statement (hash aggregates: a count, or
 * the least and greatest name or number of a group differing) and answers every member of every group,
 * ordered by kind, plan and group.
 */
export function duplicateGroupsSql(companyId: number, planId: number | undefined): SQL {
  return sql`
    with a as materialized (
      select c.id, c.plan_id, p.name as plan_name, r.job_vacancy, c.real_name, c.identity_no, c.phone, c.status, c.created_at,
        ${identity18('c.identity_no')} as identity18, ${birthdayOf('c.identity_no')} as birthday
      from candidate_application c
      join recruitment_plan p on p.id = c.plan_id and p.company_id = c.company_id
      join recruitment_info r on r.id = c.recruitment_id and r.company_id = c.company_id
      where c.company_id = ${companyId} ${planId === undefined ? sql`` : sql`and c.plan_id = ${planId}`}
    ),
    same_identity as (select plan_id, identity18 from a group by plan_id, identity18 having count(*) >= 2),
    same_phone as (select plan_id, phone from a group by plan_id, phone having min(real_name) <> max(real_name)),
    same_person as (
      select plan_id, real_name, birthday from a where birthday is not null
      group by plan_id, real_name, birthday having min(identity18) <> max(identity18)
    )
    select m.kind, m.plan_id as "planId", m.group_key as "groupKey", m.id as "applicationId", m.plan_name as "planName",
      m.job_vacancy as "jobVacancy", m.real_name as "realName", m.identity_no as "identityNo", m.identity18,
      m.phone, m.birthday, m.status, m.created_at as "createdAt"
    from (
      select 'identity' as kind, 1 as kind_order, a.identity18 as group_key, a.* from a join same_identity using (plan_id, identity18)
      union all
      select 'phone', 2, a.phone, a.* from a join same_phone using (plan_id, phone)
      union all
      select 'nameBirthday', 3, a.real_name || ' ' || a.birthday, a.* from a join same_person using (plan_id, real_name, birthday)
    ) m
    order by m.kind_order, m.plan_id, m.group_key, m.id`;
}

export async function duplicateGroups(db: Db, companyId: number, planId: number | undefined): Promise<DuplicateGroup[]> {
  const rows = await rowsOf<MemberRow>(db, duplicateGroupsSql(companyId, planId));
  const groups: { kind: DuplicateKind; rows: MemberRow[] }[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    const first = last?.rows[0];
    if (first && first.kind === row.kind && first.planId === row.planId && first.groupKey === row.groupKey) last.rows.push(row);
    else groups.push({ kind: row.kind, rows: [row] });
  }
  return groups.map(({ kind, rows: members }) => ({
    kind,
    reason: reasonOf(kind, members),
    members: members.map((m) => ({
      applicationId: m.applicationId,
      planName: m.planName,
      jobVacancy: m.jobVacancy,
      realName: m.realName,
      identityNo: m.identityNo,
      phone: m.phone,
      birthday: m.birthday ?? '',
      status: Number(m.status),
      createdAt: new Date(m.createdAt).toISOString(),
    })),
  }));
}

const distinct = (values: string[]) => [...new Set(values)].join('、');

function reasonOf(kind: DuplicateKind, members: MemberRow[]): string {
  const first = members[0]!;
  if (kind === 'identity') {
    const old = members.filter((m) => m.identityNo.length === 15).map((m) => m.identityNo);
    const oldPart = old.length > 0 ? `（含 15 位旧号码 ${distinct(old)} 与 18 位号码 ${first.identity18}）` : '';
    return `身份证号码 ${first.identity18} 相同${oldPart}`;
  }
  if (kind === 'phone') return `手机号码 ${first.phone} 相同，姓名不同：${distinct(members.map((m) => m.realName))}`;
  return `姓名 ${first.realName} 和出生日期 ${first.birthday} 相同，身份证号码不同：${distinct(members.map((m) => m.identityNo))}`;
}
